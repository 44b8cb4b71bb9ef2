import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsDir } from '../lib/paths';
import type { Database } from './client';

/** Arbitrary, fixed: serialises migrations of several server instances starting at once. */
const MIGRATION_LOCK_ID = 727_001;

export async function runMigrations(database: Database): Promise<void> {
  const folder = migrationsDir;
  if (database.engine === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: folder });
    return;
  }
  await database.withConnection(async (db) => {
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
    try {
      await migratePg(db as never, { migrationsFolder: folder });
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
    }
  });
}
