// Runs the browser suite (e2e/vitest.config.ts) against the built product once per database engine: always
// on embedded PGlite — what `npm start` and a newcomer's `npm test` use — and, when DATABASE_URL is set, on
// PostgreSQL too. Each run writes reports/e2e-<engine>.json, which tools/test-summary.mjs counts. Further
// arguments go to vitest (`node tools/run-e2e.mjs e2e/operators.e2e.ts`). Exits non-zero when a run failed.
// Build first (`npm run test:e2e` does, once for both runs).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = join(root, 'node_modules/vitest/vitest.mjs');

const engines = [{ name: 'pglite', label: 'embedded PGlite' }];
if (process.env.DATABASE_URL) engines.push({ name: 'postgres', label: 'PostgreSQL (DATABASE_URL)' });

// Reports of earlier runs must not be counted as this run's (an engine left out now, say).
for (const file of ['e2e.json', 'e2e-pglite.json', 'e2e-postgres.json']) {
  rmSync(join(root, 'reports', file), { force: true });
}

const failed = [];
for (const engine of engines) {
  console.log(`\n▶ browser tests on ${engine.label}\n`);
  const env = { ...process.env };
  if (engine.name === 'pglite') delete env.DATABASE_URL;
  const run = spawnSync(
    process.execPath,
    [
      vitest,
      'run',
      '--config',
      'e2e/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(root, 'reports', `e2e-${engine.name}.json`)}`,
      ...process.argv.slice(2),
    ],
    { cwd: root, env, stdio: 'inherit' },
  );
  if (run.status !== 0)
    failed.push(`${engine.label} (${run.error?.message ?? `exit ${run.status ?? run.signal}`})`);
}

if (failed.length > 0) {
  console.error(`\nbrowser tests failed on ${failed.join(' and ')}`);
  process.exit(1);
}
