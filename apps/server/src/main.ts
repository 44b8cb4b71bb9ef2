/** Starts the back office: configuration, database and migrations, then the HTTP server. */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { printDemoBridge, seedDemoBridge, startDemoBridge } from './demo/bridges';
import { seedDemoCasinos } from './demo/casinos';
import { seedDemoCatalogue } from './demo/catalogue';
import { seedDemoIntegrations } from './demo/integrations';
import { printDemoApiKey, renewDemoApiKey, seedDemoPlatform } from './demo/platform';
import { seedDemo } from './demo/seed';
import { bootstrapAdmin, grantDemoScopes, printDemoSignIns, seedDemoUsers } from './demo/users';
import { createEmbeddedIdentityService } from './modules/identity/identity.service';
import { sealPlaintextSecrets } from './modules/secrets/secrets-at-rest';
import { createSecretBox } from './lib/secret-box';
import { defaultWebDistDir } from './lib/paths';

async function main() {
  const demo = process.argv.includes('--demo');
  const config = loadConfig();
  // The demo needs its simulator: started first, so that ports it cannot have stop the start at once.
  const demoBridge = demo ? await startDemoBridge() : undefined;
  const database = await openDatabase(config.database);
  await runMigrations(database);
  // Secrets an older version stored as entered are sealed before anything reads them (issue 15).
  const secrets = createSecretBox(config.secretsKeys);
  const sealed = await sealPlaintextSecrets(database.db, secrets);
  if (sealed.total > 0) console.log(`  Encrypted ${sealed.total} secret(s) stored in plaintext`);
  const identity = createEmbeddedIdentityService(database.db);
  let demoApiKey: string | undefined;
  if (demo) {
    await seedDemo(database.db);
    if (demoBridge) await seedDemoBridge(database.db, secrets, demoBridge.simulator.url);
    await seedDemoCatalogue(database.db, secrets);
    await seedDemoCasinos(database.db, secrets);
    await seedDemoIntegrations(database.db);
    await seedDemoUsers(database.db, identity);
    const seedingSince = Date.now();
    const platform = await seedDemoPlatform(database.db, secrets);
    if (platform) {
      const seconds = ((Date.now() - seedingSince) / 1000).toFixed(1);
      console.log(
        `  Seeded demo platform data: ${platform.rounds.toLocaleString('en')} game rounds in ${seconds} s`,
      );
    }
    await grantDemoScopes(database.db);
    demoApiKey = await renewDemoApiKey(database.db);
  }
  if (config.bootstrapAdmin && (await bootstrapAdmin(database.db, identity, config.bootstrapAdmin))) {
    console.log(`  Created the first admin: ${config.bootstrapAdmin.email}`);
  }

  const app = await buildApp({
    config,
    database,
    webDistDir: config.webDistDir ?? defaultWebDistDir,
    jobs: {},
  });
  // Housekeeping also at start (as before the job engine): the coming partitions exist from the outset.
  await app.jobs?.runNow('housekeeping', null);
  app.addHook('onClose', async () => {
    await demoBridge?.simulator.close();
    await database.close();
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing open requests');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const where =
    config.database.kind === 'pglite' ? `embedded database in ${config.database.dataDir}` : 'PostgreSQL';
  console.log(`\n  Back Office is running at ${config.publicUrl.origin}  (${where})\n`);
  if (demo) {
    if (demoBridge) printDemoBridge(demoBridge);
    printDemoSignIns(config.publicUrl.origin);
    if (demoApiKey) printDemoApiKey(config.publicUrl.origin, demoApiKey);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
