/**
 * Several instances of the server on one test database, as behind a load balancer: what each holds in
 * memory (sessions, decision 030; configuration answers, decision 041) must follow what the others and
 * the database change.
 */
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { LISTENER_NAME, type Db } from '../db/client';
import { rowsOf } from '../lib/sql';
import { withSession } from './app';
import { createTestDatabase, type Engine, type TestDatabase } from './databases';

export interface TwoInstances {
  database: TestDatabase;
  first: App;
  second: App;
  /** A request of a signed-in user (their headers) to one instance. */
  as(app: App, headers: Record<string, string>, options: InjectOptions): Promise<LightMyRequestResponse>;
}

/**
 * Two instances on a fresh database of the engine for the enclosing `describe`: started before its tests,
 * closed with the database after them. The fields are set once its tests run.
 */
export function withTwoInstances(engine: Engine): TwoInstances {
  const context = {
    as: (app: App, headers: Record<string, string>, options: InjectOptions) =>
      app.inject(withSession(headers, options)),
  } as TwoInstances;
  beforeAll(async () => {
    context.database = await createTestDatabase(engine);
    [context.first, context.second] = await startTwoInstances(context.database);
  });
  afterAll(async () => {
    await context.first?.close();
    await context.second?.close();
    await context.database?.destroy();
  });
  return context;
}

/** Starts two instances on the database and waits until both listen for their announcements. */
async function startTwoInstances(database: TestDatabase): Promise<[App, App]> {
  const instance = async () => {
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database,
      logger: false,
      jobs: false,
    });
    await app.ready();
    return app;
  };
  const apps: [App, App] = [await instance(), await instance()];
  await waitForListeners(database, 2);
  return apps;
}

/** `count` instances listen (PostgreSQL: their listening connections are named once they listen). */
export async function waitForListeners(database: TestDatabase, count: number): Promise<void> {
  if (database.engine !== 'postgres') return;
  for (let attempt = 0; attempt < 200; attempt++) {
    const [row] = rowsOf<{ listeners: number }>(
      await database.db.execute(
        sql`select count(*)::int as listeners from pg_stat_activity
          where datname = current_database() and application_name = ${LISTENER_NAME}`,
      ),
    );
    if (row?.listeners === count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`expected ${count} listening instances`);
}

/**
 * Changes the database without announcing it (its triggers off for the transaction): only an instance
 * that asks the database again sees the change.
 */
export function unannounced(database: TestDatabase, change: (tx: Db) => Promise<unknown>): Promise<void> {
  return database.withConnection(async (connection) =>
    connection.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await change(tx as unknown as Db);
    }),
  );
}
