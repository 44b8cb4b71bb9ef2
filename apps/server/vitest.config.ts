import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    // Each suite opens its own database (PGlite in memory, and a fresh PostgreSQL database in CI).
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['./src/test/setup.ts'],
  },
});
