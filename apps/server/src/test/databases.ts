/**
 * Fresh databases for tests: PGlite in memory always, and a new database on the PostgreSQL server of
 * DATABASE_URL when it is set (dropped again afterwards). Every suite gets its own.
 */
import { randomBytes } from 'node:crypto';
import { eq, ne, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';
import { runMigrations } from '../db/migrate';
import { auditEntries } from '../db/schema/index';

export type Engine = Database['engine'];

export const testEngines: Engine[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase extends Database {
  /** Closes and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>;
}

async function onAdminConnection<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

/**
 * `kept` (PostgreSQL only) names a database that outlives the run: created when missing, migrated, and
 * closed but not dropped afterwards — for benchmarks that seed millions of rows once and run many times.
 */
export async function createTestDatabase(engine: Engine, kept?: string): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await runMigrations(database);
    return { ...database, destroy: once(() => database.close().catch(() => {})) };
  }
  if (kept !== undefined && !/^[a-z_][a-z0-9_]*$/.test(kept)) throw new Error(`not a database name: ${kept}`);
  const name = kept ?? `bo_test_${randomBytes(6).toString('hex')}`;
  await onAdminConnection(async (client) => {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${name}`);
  });
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 });
  await runMigrations(database);
  if (kept) return { ...database, destroy: once(() => database.close().catch(() => {})) };
  return {
    ...database,
    // Safe to call twice, and drops the database even when a test closed the pool itself.
    destroy: once(async () => {
      await database.close().catch(() => {});
      await onAdminConnection((client) => client.query(`drop database if exists ${name} with (force)`));
    }),
  };
}

/**
 * Empties the audit trail between tests. The product can never do this (a trigger refuses it); a test owns
 * its database and may switch the trigger off for a moment.
 */
export async function clearAuditTrail(db: Database['db']): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_entries disable trigger audit_entries_no_change`);
    await tx.execute(sql`delete from audit_entries`);
    await tx.execute(sql`alter table audit_entries enable trigger audit_entries_no_change`);
  });
}

/** The audit entries of one record, oldest first. */
export function auditEntriesOf(db: Database['db'], entityId: string) {
  return db.select().from(auditEntries).where(eq(auditEntries.entityId, entityId)).orderBy(auditEntries.id);
}

/**
 * The entries of changes, oldest first: without denied access, which a refused request records
 * (plugins/access-denials.ts) and which changes nothing.
 */
export function changeEntries(db: Database['db']) {
  return db
    .select()
    .from(auditEntries)
    .where(ne(auditEntries.entityType, 'access-denied'))
    .orderBy(auditEntries.id);
}

/** How many entries of changes there are (denied access not counted). */
export async function auditEntryCount(db: Database['db']): Promise<number> {
  return (await changeEntries(db)).length;
}
