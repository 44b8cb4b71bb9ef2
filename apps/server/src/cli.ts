/**
 * Operator commands:
 * - `migrate`: applies the database migrations;
 * - `rotate-signing-key`: adds a new signing key of the embedded identity server (it signs from each
 *   instance's next start on), keeps the previous one for verification and retires older ones;
 * - `purge`: removes expired sessions, identity-server artifacts and old throttle windows.
 */
import { loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { runMigrations } from './db/migrate';
import { purgeExpired } from './jobs/purge';
import { rotateSigningKeys } from './modules/identity/signing-keys';

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
