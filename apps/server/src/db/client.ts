/**
 * Opens the database: a `pg` pool when DATABASE_URL is set, else embedded PGlite (PostgreSQL in WASM)
 * persisted in a directory, or in memory for `memory://`. Both speak the same Drizzle PostgreSQL dialect.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** A database handle or an open transaction: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseOptions =
  { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir: string };

export interface Database {
  db: Db;
  engine: 'postgres' | 'pglite';
  /** Runs `fn` with exclusive use of one connection, e.g. to hold a session advisory lock. */
  withConnection<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that loses its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      engine: 'postgres',
      async withConnection(fn) {
        const client = await pool.connect();
        try {
          return await fn(drizzlePg({ client, schema }) as unknown as Db);
        } finally {
          client.release();
        }
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }

  const inMemory = options.dataDir === 'memory://';
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(inMemory ? {} : { dataDir: options.dataDir }),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    // PGlite is a single connection already.
    withConnection: (fn) => fn(db),
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
