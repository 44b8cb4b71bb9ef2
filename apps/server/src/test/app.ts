/** Builds the real application on a fresh test database, for route tests through `app.inject`. */
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase, testEngines, type Engine, type TestDatabase } from './databases';

export interface TestContext {
  engine: Engine;
  app: App;
  database: TestDatabase;
}

export async function createTestApp(engine: Engine): Promise<TestContext & { close(): Promise<void> }> {
  const database = await createTestDatabase(engine);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    engine,
    app,
    database,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

/** Declares the suite once per database engine under test; `ctx()` gives that run's app and database. */
export function describeEachEngine(name: string, suite: (ctx: () => TestContext) => void): void {
  for (const engine of testEngines) {
    describe(`${name} [${engine}]`, () => {
      let context: Awaited<ReturnType<typeof createTestApp>> | undefined;
      beforeAll(async () => {
        context = await createTestApp(engine);
      });
      afterAll(async () => {
        await context?.close();
      });
      suite(() => {
        if (!context) throw new Error('test app not ready');
        return context;
      });
    });
  }
}
