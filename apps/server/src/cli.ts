/**
 * Operator commands:
 * - `migrate`: applies the database migrations;
 * - `rotate-signing-key`: adds a new signing key of the embedded identity server (it signs from each
 *   instance's next start on), keeps the previous one for verification and retires older ones;
 * - `rotate-secrets`: re-encrypts every secret at rest (bridge, provider, operator and second-factor
 *   secrets, signing keys) under SECRETS_KEY, opening those of an earlier key with SECRETS_KEY_PREVIOUS; one
 *   transaction, so it is all or nothing (docs/operations.md, "Secrets at rest");
 * - `purge`: removes expired sessions, identity-server artifacts and old throttle windows;
 * - `rebuild-rollups [yyyy-MM [yyyy-MM]]`: recomputes the report rollups from the raw game rounds (all, or
 *   the months from … to …), for repair; ingests wait while it runs.
 */
import { loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { runMigrations } from './db/migrate';
import { purgeExpired } from './jobs/purge';
import { createSecretBox } from './lib/secret-box';
import { rotateSigningKeys } from './modules/identity/signing-keys';
import { rebuildRollups } from './modules/platform/rollups';
import { rotateSecrets } from './modules/secrets/secrets-at-rest';

async function withDatabase(task: (database: Database, config: Config) => Promise<void>): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await task(database, config);
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
    withDatabase(async (database, config) => {
      await runMigrations(database);
      const { added, retired } = await rotateSigningKeys(database.db, createSecretBox(config.secretsKeys));
      console.log(
        `new signing key ${added}; ${retired} older key(s) retired; restart the servers to sign with it`,
      );
    }),
  'rotate-secrets': () =>
    withDatabase(async (database, config) => {
      await runMigrations(database);
      const pass = await rotateSecrets(database.db, createSecretBox(config.secretsKeys));
      console.log(
        `${pass.total} secret(s) re-encrypted under the current SECRETS_KEY (bridges ${pass.bridges}, ` +
          `game providers ${pass.gameProviders}, casinos ${pass.casinos}, signing keys ${pass.signingKeys}, ` +
          `second factors ${pass.secondFactors}); SECRETS_KEY_PREVIOUS can go once this prints 0`,
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
