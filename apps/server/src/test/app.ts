/** Builds the real application on a fresh test database, for route tests through `app.inject`. */
import { randomUUID } from 'node:crypto';
import type { Role } from '@backoffice/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp, type App, type AppOptions } from '../app';
import { loadConfig } from '../config';
import { eq } from 'drizzle-orm';
import {
  globalSettings,
  userCasinoScopes,
  userIntegrationScopes,
  userSecondFactors,
  users,
} from '../db/schema/index';
import { createSecretBox } from '../lib/secret-box';
import { SESSION_COOKIE } from '../modules/auth/auth.routes';
import { createSessionsService } from '../modules/auth/sessions.service';
import { createEmbeddedIdentityService } from '../modules/identity/identity.service';
import { newTotpSecret } from '../modules/second-factor/totp';
import { createTestDatabase, testEngines, type Engine, type TestDatabase } from './databases';

export const TEST_PASSWORD = 'correct horse battery staple';

export interface SignedIn {
  userId: string;
  username: string;
  email: string;
  /** Cookie and CSRF header of the session. */
  headers: Record<string, string>;
  /** The TOTP secret of the user's second factor, when they have one. */
  totpSecret: string | undefined;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export interface TestContext {
  engine: Engine;
  app: App;
  database: TestDatabase;
  /** Creates a user of the role (with password TEST_PASSWORD) and a session for them. */
  signIn(
    role: Role,
    scope?: { casinoIds?: string[]; integrationIds?: string[] },
    options?: SignInOptions,
  ): Promise<SignedIn>;
  /** Injects as a signed-in admin (created on first use). */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /**
   * Changes the database behind the app's back, as another program or instance would, and waits until
   * the app has heard of it: sessions are held in memory until the database announces a change
   * (decision 030).
   */
  changeBehindTheApp<T>(change: () => Promise<T>): Promise<T>;
}

export interface SignInOptions {
  /**
   * `required` (default): the user has a confirmed second factor when master data makes it mandatory for
   * the role (admin, developer and support by default), and the session is proven by it — as signing in
   * with password and code leaves it in production. `none`: no second factor (enrolment tests).
   */
  secondFactor?: 'required' | 'none';
}

/**
 * Creates a user of the role (password TEST_PASSWORD) with a session in a database; the returned headers
 * sign requests in on any app built on that database.
 */
export async function signInTo(
  database: TestDatabase,
  role: Role,
  scope: { casinoIds?: string[]; integrationIds?: string[] } = {},
  options: SignInOptions = {},
): Promise<Omit<SignedIn, 'inject'>> {
  const config = loadConfig({ NODE_ENV: 'test' });
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
  const [settings] = await database.db
    .select({ roles: globalSettings.secondFactorRoles })
    .from(globalSettings)
    .where(eq(globalSettings.id, 1));
  let totpSecret: string | undefined;
  if (options.secondFactor !== 'none' && settings?.roles.includes(role)) {
    totpSecret = newTotpSecret();
    await database.db.insert(userSecondFactors).values({
      userId,
      secret: createSecretBox(config.secretsKeys).seal(totpSecret),
      confirmedAt: new Date(),
    });
  }
  const sessions = createSessionsService({
    database,
    config,
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
  await sessions.markVerified(database.db, { token });
  return {
    userId,
    username,
    email,
    totpSecret,
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
export type TestAppOptions = Pick<
  AppOptions,
  'closures' | 'cpv' | 'jobs' | 'integrations' | 'reportCache' | 'keptAnswers' | 'checkBuiltAnswers'
>;

export async function createTestApp(
  engine: Engine,
  env: Record<string, string> = {},
  { keptDatabase, ...options }: TestAppOptions & { keptDatabase?: string | undefined } = {},
): Promise<TestContext & { close(): Promise<void> }> {
  const database = await createTestDatabase(engine, keptDatabase);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  // The job engine runs only where a test asks for it; others run jobs by hand.
  const app = await buildApp({ config, database, logger: false, jobs: false, ...options });
  await app.ready();

  async function signIn(
    role: Role,
    scope: { casinoIds?: string[]; integrationIds?: string[] } = {},
    signInOptions: SignInOptions = {},
  ): Promise<SignedIn> {
    const signedIn = await signInTo(database, role, scope, signInOptions);
    return { ...signedIn, inject: (options) => app.inject(withSession(signedIn.headers, options)) };
  }

  let admin: Promise<SignedIn> | undefined;
  return {
    engine,
    app,
    database,
    signIn,
    inject: async (options) => (await (admin ??= signIn('admin'))).inject(options),
    async changeBehindTheApp(change) {
      const result = await change();
      await app.settleSessions();
      return result;
    },
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
