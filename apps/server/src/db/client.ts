/**
 * Opens the database: a `pg` pool when DATABASE_URL is set, else embedded PGlite (PostgreSQL in WASM)
 * persisted in a directory, or in memory for `memory://`. Both speak the same Drizzle PostgreSQL dialect.
 */
import { mkdirSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
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
  /**
   * PostgreSQL only: streams `COPY (<query>) TO STDOUT` as it comes, on a connection of its own that goes
   * back to the pool when the stream ends, fails or is destroyed. The query text cannot carry parameters.
   */
  copyOut?(query: string): Promise<Readable>;
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
      async copyOut(query) {
        const client = await pool.connect();
        let released = false;
        const release = (error?: Error) => {
          if (released) return;
          released = true;
          // A connection whose COPY was cut off is in an unknown state: it is closed, not reused.
          client.release(error ?? false);
        };
        try {
          const stream = client.query(copyTo(`COPY (${query}) TO STDOUT WITH (FORMAT csv)`));
          stream.once('end', () => release());
          stream.once('error', (error) => release(error));
          stream.once('close', () => release(new Error('COPY stream closed early')));
          return stream;
        } catch (error) {
          release(error as Error);
          throw error;
        }
      },
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
