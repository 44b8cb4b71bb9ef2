import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
    // Vitest's default is one worker fewer than the cores: a single worker on two. The suites wait on
    // their databases much of the time, so a second worker fills that: on two cores the unit and
    // integration phase of `.ci/run` took 1,142 s with two workers against 1,579 s with one (2026-12-01).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
