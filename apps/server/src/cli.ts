/** Operator commands: `migrate` applies the database migrations and exits. */
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';

const commands: Record<string, () => Promise<void>> = {
  async migrate() {
    const config = loadConfig();
    const database = await openDatabase(config.database);
    try {
      await runMigrations(database);
      console.log('migrations applied');
    } finally {
      await database.close();
    }
  },
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
