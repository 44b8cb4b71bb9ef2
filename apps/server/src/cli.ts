/**
 * Operator commands:
 * - `migrate`: applies the database migrations;
 * - `rotate-signing-key`: adds a new signing key of the embedded identity server (it signs from each
 *   instance's next start on), keeps the previous one for verification and retires older ones;
 * - `purge`: removes expired sessions, identity-server artifacts and old throttle windows;
 * - `rebuild-rollups [yyyy-MM [yyyy-MM]]`: recomputes the report rollups from the raw game rounds (all, or
 *   the months from … to …), for repair; ingests wait while it runs.
 */
import { loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { runMigrations } from './db/migrate';
import { purgeExpired } from './jobs/purge';
import { rotateSigningKeys } from './modules/identity/signing-keys';
import { rebuildRollups } from './modules/platform/rollups';

async function withDatabase(task: (database: Database) => Promise<void>): Promise<void> {
  const database = await openDatabase(loadConfig().database);
  try {
    await task(database);
  } finally {
    await database.close();
  }
}

const commands: Record<string, () => Promise<void>> = {
  migrate: () =>
    withDatabase(async (database) => {
      await runMigrations(database);
      console.log('migrations applied');
    }),
  'rotate-signing-key': () =>
    withDatabase(async (database) => {
      await runMigrations(database);
      const { added, retired } = await rotateSigningKeys(database.db);
      console.log(
        `new signing key ${added}; ${retired} older key(s) retired; restart the servers to sign with it`,
      );
    }),
  purge: () =>
    withDatabase(async (database) => {
      await purgeExpired(database.db);
      console.log('expired sessions and sign-in data purged');
    }),
  'rebuild-rollups': () =>
    withDatabase(async (database) => {
      const [fromMonth, toMonth = fromMonth] = process.argv.slice(3);
      const month = /^\d{4}-(0[1-9]|1[0-2])$/;
      if ((fromMonth && !month.test(fromMonth)) || (toMonth && !month.test(toMonth))) {
        throw new Error('months are written yyyy-MM, e.g. rebuild-rollups 2026-01 2026-03');
      }
      await runMigrations(database);
      const started = Date.now();
      const { dailyRows } = await rebuildRollups(database.db, fromMonth ? { fromMonth, toMonth } : {});
      const months = fromMonth ? `${fromMonth} to ${toMonth}` : 'all months';
      console.log(`rollups rebuilt for ${months}: ${dailyRows} daily rows in ${Date.now() - started} ms`);
    }),
};

const name = process.argv[2] ?? '';
const command = commands[name];
if (!command) {
  console.error(`usage: cli <${Object.keys(commands).join('|')}>`);
  process.exit(2);
}
command().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
