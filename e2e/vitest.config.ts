import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Run from the repository root (npm run test:e2e) or from here alike.
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    // tools/run-e2e.mjs runs the suite once per engine; the name says which run a line belongs to.
    name: process.env.DATABASE_URL ? 'e2e postgres' : 'e2e pglite',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // One server and one browser at a time: the specs share the demo data of one running server.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // What a spec waits to see on the page (`expect.poll`): a list that loads, a state that settles. Vitest's
    // 1 s was too short beside a second test run on two cores (.ci/run, 2026-12-02: the CPV checks' results
    // were still loading after it); Playwright's own waits in these specs allow 10 s.
    expect: { poll: { timeout: 10_000 } },
  },
});
