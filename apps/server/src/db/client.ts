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
import { fromDatabase } from './errors';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** A database handle or an open transaction: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseOptions =
  { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir: string };

export interface Database {
  db: Db;
  /**
   * The same database for the statements that run most often in a few fixed shapes (the round search, the
   * configuration areas' lists and records): on PostgreSQL, each statement text is prepared once per
   * connection and planned once, generically, with the months' partitions pruned when it runs — instead
   * of being planned anew every time. Only statements whose generic plan is as good as a fresh one belong
   * here (decisions 035, 037). Its transactions run on `db`'s connections, planned as there. PGlite: `db`.
   */
  plannedDb: Db;
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
  /** PostgreSQL only: the pool's connections right now, for the metrics (read, never changed). */
  poolUse?(): { total: number; idle: number; waiting: number; max: number };
  /**
   * Listens on a notification channel for as long as the subscription lasts. `up` says that messages
   * arrive from now on, `down` that some may have been missed (the connection was lost; it is opened again,
   * with back-off, and `up` follows).
   */
  subscribe(channel: string, listener: ChannelListener): { close(): Promise<void> };
  /**
   * PostgreSQL only: how many announcements of a session change this instance's statements have made so
   * far. Each announcement also raises a notice to the connection that made it (migration 0018), and
   * every pooled connection counts those notices here as they arrive, before its statement's result. A
   * request whose count moved while it ran may have announced one; one whose count did not move announced
   * none (decision 038). Without it (PGlite), any write must be taken as having announced one.
   */
  announcementsMade?(): number;
  /** What the job engine connects through: PostgreSQL's URL (its own small pool), or the PGlite instance. */
  jobStore: { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };
}

export interface ChannelListener {
  message(payload: string): void;
  up(): void;
  down(): void;
}

/** The notice the announcing trigger raises (migration 0018). */
const ANNOUNCED_NOTICE = 'bo: session change announced';

/** How listening connections name themselves once they listen: instances count each other by it. */
export const LISTENER_NAME = 'backoffice-listener';
const RESUBSCRIBE_FIRST_DELAY_MS = 100;
const RESUBSCRIBE_MAX_DELAY_MS = 5_000;

/**
 * LISTEN on a connection of its own, outside the pool (a pooled one would be handed to other queries).
 * When that connection fails or ends, the listener hears `down` and a new one is opened with back-off.
 */
function subscribeOverConnection(url: string, channel: string, listener: ChannelListener) {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RESUBSCRIBE_FIRST_DELAY_MS;
  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = undefined;
    listener.down();
    lostClient.end().catch(() => {});
    if (closed) return;
    retry = setTimeout(connect, delay);
    retry.unref();
    delay = Math.min(delay * 2, RESUBSCRIBE_MAX_DELAY_MS);
  };
  const connect = () => {
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (client === next && message.channel === channel) listener.message(message.payload ?? '');
    });
    next
      .connect()
      .then(() => next.query(`LISTEN "${channel}"; SET application_name = '${LISTENER_NAME}'`))
      .then(() => {
        if (client !== next) return;
        delay = RESUBSCRIBE_FIRST_DELAY_MS;
        listener.up();
      })
      .catch(() => lost(next));
  };
  connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      if (current) {
        listener.down();
        await current.end().catch(() => {});
      }
    },
  };
}

/**
 * Hands out a checked-out connection that goes back to the pool exactly once: at its holder's release,
 * or at once when the connection dies while held. Drizzle's transaction sends `begin` before its
 * try/finally, so a connection cut between checkout and `begin` was never released and the pool, one
 * slot lost per cut, ran dry and hung every request; released on its error, nothing leaks. A later
 * release by the holder does nothing.
 */
function releasedOnce(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const finish = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('error', finish);
    release(error);
  };
  client.on('error', finish);
  client.release = finish;
  return client;
}

/** pg's pool whose promised connections are released once (see releasedOnce). */
class Pool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(callback?: Parameters<pg.Pool['connect']>[0]): Promise<pg.PoolClient> | void {
    // The callback form serves pool.query, which releases its connection on error by itself.
    if (callback) return super.connect(callback);
    return super.connect().then(releasedOnce, (error: unknown) => {
      throw fromDatabase(error);
    });
  }
}

/** How many statement texts a plan-caching pool names; texts beyond are run unnamed. */
const NAMED_STATEMENTS_MAX = 500;

/**
 * A pool whose connections keep their statements prepared: every query gets the name of its text, so pg
 * parses it once per connection and PostgreSQL (plan_cache_mode=force_generic_plan on these connections)
 * plans it once.
 */
class PlanCachingPool extends Pool {
  readonly #names = new Map<string, string>();

  override query(...args: unknown[]): never {
    const [config] = args;
    const named = config as { text?: unknown; name?: unknown } | null;
    if (typeof named === 'object' && named !== null && typeof named.text === 'string' && !named.name) {
      const text = named.text;
      let name = this.#names.get(text);
      if (name === undefined && this.#names.size < NAMED_STATEMENTS_MAX) {
        name = `planned_${this.#names.size + 1}`;
        this.#names.set(text, name);
      }
      if (name !== undefined) args[0] = { ...named, name };
    }
    return (super.query as (...rest: unknown[]) => never)(...args);
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const max = options.poolSize ?? 10;
    // No JIT compilation: the product's queries walk indexes and read rollups, and PostgreSQL would compile
    // them whenever a plan's estimate is high (a walk over every month's partition), which took a second
    // where the query itself takes milliseconds (decision 019).
    // Notices reach the client whatever the database's or role's default (announcementsMade counts them).
    const pool = new Pool({
      connectionString: options.url,
      max,
      options: '-c jit=off -c client_min_messages=notice',
    });
    const plannedPool = new PlanCachingPool({
      connectionString: options.url,
      max: Math.max(2, Math.ceil(max / 2)),
      options: '-c jit=off -c client_min_messages=notice -c plan_cache_mode=force_generic_plan',
    });
    // A connection that loses its server emits 'error'; without a listener Node ends the process. The
    // pool listens only while a connection is idle, so every connection gets a listener of its own for its
    // whole life, also while a transaction, withConnection or a COPY stream holds it. The query that was
    // running fails by itself, and the pool drops a connection that is no longer queryable on release.
    let announcements = 0;
    for (const each of [pool, plannedPool]) {
      each.on('error', () => {});
      each.on('connect', (client) => {
        client.on('error', () => {});
        client.on('notice', (notice) => {
          if (notice.message === ANNOUNCED_NOTICE) announcements++;
        });
      });
    }
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const plannedDb = drizzlePg({ client: plannedPool, schema }) as unknown as Db;
    // A transaction holds its connection across statements: on the main pool, whose connections are
    // released once even when cut (releasedOnce), and where every statement is planned with its values.
    plannedDb.transaction = db.transaction.bind(db);
    return {
      db,
      plannedDb,
      engine: 'postgres',
      jobStore: { kind: 'postgres', url: options.url },
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
      close: async () => {
        await Promise.all([pool.end(), plannedPool.end()]);
      },
      subscribe: (channel, listener) => subscribeOverConnection(options.url, channel, listener),
      announcementsMade: () => announcements,
      poolUse: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max,
      }),
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
    plannedDb: db,
    engine: 'pglite',
    jobStore: { kind: 'pglite', client },
    // PGlite is a single connection already.
    withConnection: (fn) => fn(db),
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
    // One connection in this process: nothing is ever missed while the database is open.
    subscribe(channel, listener) {
      const unsubscribe = client.listen(channel, listener.message).then(
        (stop) => {
          listener.up();
          return stop;
        },
        () => undefined,
      );
      return {
        async close() {
          listener.down();
          await (await unsubscribe)?.().catch(() => {});
        },
      };
    },
  };
}
