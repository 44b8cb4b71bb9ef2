/** Builds the real application on a fresh test database, for route tests through `app.inject`. */
import { randomUUID } from 'node:crypto';
import type { Role } from '@backoffice/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp, type App, type AppOptions } from '../app';
import { loadConfig } from '../config';
import { userCasinoScopes, userIntegrationScopes, users } from '../db/schema/index';
import { SESSION_COOKIE } from '../modules/auth/auth.routes';
import { createSessionsService } from '../modules/auth/sessions.service';
import { createEmbeddedIdentityService } from '../modules/identity/identity.service';
import { createTestDatabase, testEngines, type Engine, type TestDatabase } from './databases';

export const TEST_PASSWORD = 'correct horse battery staple';

export interface SignedIn {
  userId: string;
  username: string;
  email: string;
  /** Cookie and CSRF header of the session. */
  headers: Record<string, string>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export interface TestContext {
  engine: Engine;
  app: App;
  database: TestDatabase;
  /** Creates a user of the role (with password TEST_PASSWORD) and a session for them. */
  signIn(role: Role, scope?: { casinoIds?: string[]; integrationIds?: string[] }): Promise<SignedIn>;
  /** Injects as a signed-in admin (created on first use). */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/**
 * Creates a user of the role (password TEST_PASSWORD) with a session in a database; the returned headers
 * sign requests in on any app built on that database.
 */
export async function signInTo(
  database: TestDatabase,
  role: Role,
  scope: { casinoIds?: string[]; integrationIds?: string[] } = {},
): Promise<Omit<SignedIn, 'inject'>> {
  const suffix = randomUUID().slice(0, 8);
  const username = `${role}-${suffix}`;
  const email = `${username}@test.local`;
  const [user] = await database.db
    .insert(users)
    .values({ username, email, role, firstName: 'Test', lastName: role })
    .returning({ id: users.id });
  const userId = user!.id;
  await createEmbeddedIdentityService(database.db).setPassword(database.db, userId, TEST_PASSWORD);
  if (scope.casinoIds?.length) {
    await database.db
      .insert(userCasinoScopes)
      .values(scope.casinoIds.map((casinoId) => ({ userId, casinoId })));
  }
  if (scope.integrationIds?.length) {
    await database.db
      .insert(userIntegrationScopes)
      .values(scope.integrationIds.map((integrationId) => ({ userId, integrationId })));
  }
  const sessions = createSessionsService({
    database,
    config: loadConfig({ NODE_ENV: 'test' }),
    oidc: () => {
      throw new Error('test sessions hold no identity-server tokens');
    },
    log: { warn: () => {} } as never,
  });
  const { token } = await sessions.create(userId, {
    accessToken: 'test',
    refreshToken: undefined,
    idToken: undefined,
    accessTokenExpiresAt: undefined,
  });
  return {
    userId,
    username,
    email,
    headers: { cookie: `${SESSION_COOKIE}=${token}`, 'x-requested-with': 'backoffice' },
  };
}

/** Adds the session's cookie and CSRF header to a request, keeping any cookie the test sends itself. */
export function withSession(headers: Record<string, string>, options: InjectOptions): InjectOptions {
  const extra = { ...options.headers } as Record<string, string>;
  const cookie = [headers.cookie, extra.cookie].filter(Boolean).join('; ');
  return { ...options, headers: { ...headers, ...extra, cookie } };
}

/** What a test may set of the app besides the environment. */
export type TestAppOptions = Pick<AppOptions, 'closures' | 'cpv' | 'jobs' | 'integrations'>;

export async function createTestApp(
  engine: Engine,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestContext & { close(): Promise<void> }> {
  const database = await createTestDatabase(engine);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  // The job engine runs only where a test asks for it; others run jobs by hand.
  const app = await buildApp({ config, database, logger: false, jobs: false, ...options });
  await app.ready();

  async function signIn(
    role: Role,
    scope: { casinoIds?: string[]; integrationIds?: string[] } = {},
  ): Promise<SignedIn> {
    const signedIn = await signInTo(database, role, scope);
    return { ...signedIn, inject: (options) => app.inject(withSession(signedIn.headers, options)) };
  }

  let admin: Promise<SignedIn> | undefined;
  return {
    engine,
    app,
    database,
    signIn,
    inject: async (options) => (await (admin ??= signIn('admin'))).inject(options),
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

/** Declares the suite once per database engine under test; `ctx()` gives that run's app and database. */
export function describeEachEngine(
  name: string,
  suite: (ctx: () => TestContext) => void,
  options: TestAppOptions = {},
): void {
  for (const engine of testEngines) {
    describe(`${name} [${engine}]`, () => {
      let context: Awaited<ReturnType<typeof createTestApp>> | undefined;
      beforeAll(async () => {
        context = await createTestApp(engine, {}, options);
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
