/**
 * The scope probe (architecture §2, decisions 012, 017 and 021): a user limited to one casino learns
 * nothing about the others through any route. Two casinos on two integrations, one the user's and one
 * foreign, get configuration, audit entries (real writes through the API), staff and platform data; then
 * every GET route of the app's route table that a role may use is called as a one-casino user of that role
 * — path parameters filled with own and foreign ids, with and without query filters naming foreign ids —
 * and no answer (body or headers, JSON or CSV) may be a 5xx or hold a foreign id, name or e-mail, nor
 * another user's e-mail. New GET routes are probed without changing this file.
 */
import {
  hasPermission,
  MAX_PAGE_SIZE,
  PLATFORM_API_PREFIX,
  roles,
  type Access,
  type Role,
} from '@backoffice/contracts';
import type { InjectOptions, RouteOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import { bridges, gameProviders, games, gameStudios, jurisdictions } from '../db/schema/index';
import { describeEachEngine, type SignedIn, type TestContext } from '../test/app';
import { injectTransport, signInThrough, TestBrowser } from '../test/browser';
import { KEEP_EVERYTHING, round } from '../test/platform';

/** The foreign side: every one of these strings in an answer to the probed users is a leak. */
const FOREIGN = {
  casinoId: 'zq-foreign-casino',
  casinoName: 'Zanzibar Foreign Casino',
  integrationId: 'zq-foreign-int',
  integrationName: 'Zanzibar Foreign Integration',
  playerId: 'zq-foreign-player',
  playerEmail: 'zq.player@foreign.example',
  playerName: 'Zebediah',
  roundId: 'zq-foreign-round',
  providerRoundId: 'zq-foreign-provider-round',
  staffUsername: 'zq-foreign-staff',
  staffEmail: 'zq.staff@foreign.example',
  staffName: 'Zoraida',
  typedEmail: 'zq.typed@foreign.example',
};

/** The probed users' own side. */
const OWN = {
  casinoId: 'own-casino',
  casinoName: 'Own Probe Casino',
  integrationId: 'own-int',
  /** Named only to users whose scope holds the integration, not to those holding its casino only. */
  integrationName: 'Own Probe Integration',
  playerId: 'own-player',
  roundId: 'own-round',
};

const GAME_ID = 'probe-game';
const DAY = '2026-03-10';
/** Values of query filters that name the other side (and a few of the own, to compare). */
const FILTER_VALUES = [
  OWN.casinoId,
  OWN.integrationId,
  FOREIGN.casinoId,
  FOREIGN.integrationId,
  `${OWN.casinoId},${FOREIGN.casinoId}`,
  `${OWN.integrationId},${FOREIGN.integrationId}`,
  FOREIGN.playerId,
  FOREIGN.roundId,
  FOREIGN.providerRoundId,
  FOREIGN.staffEmail,
  FOREIGN.typedEmail,
  'zq',
  'user',
  'sign-in',
];
/** Values for what a query requires (a range around the rounds); optional ones stay unset. */
const REQUIRED_VALUES: Record<string, string[]> = {
  from: ['2025-06-01', '2025-06-01T00:00:00.000Z'],
  to: ['2026-06-01', '2026-06-01T00:00:00.000Z'],
};
/** Paging: as much as a page holds, so nothing hides on a later page. */
const PAGING_VALUES: Record<string, string> = {
  pageSize: String(MAX_PAGE_SIZE),
  limit: String(MAX_PAGE_SIZE),
};

type Method = NonNullable<InjectOptions['method']>;
interface Get {
  url: string;
  access: Access;
  query: z.ZodType | undefined;
}

function getRoutes(routeTable: RouteOptions[]): Get[] {
  return routeTable
    .filter((route) => (Array.isArray(route.method) ? route.method : [route.method]).includes('GET'))
    .map((route) => ({
      url: route.url,
      access: route.config?.access as Access,
      query: (route.schema as { querystring?: z.ZodType } | undefined)?.querystring,
    }));
}

function permitted(role: Role, access: Access): boolean {
  return access === 'public' || access === 'authenticated' || hasPermission(role, access);
}

/** Every way to fill the route's path parameters from the values known for each. */
function paths(url: string, values: (parameter: string) => string[]): string[] {
  const parameter = /:([A-Za-z]+)/.exec(url);
  if (!parameter) return [url.replace(/\*$/, 'index.html')];
  return values(parameter[1]!).flatMap((value) =>
    paths(url.replace(parameter[0], encodeURIComponent(value)), values),
  );
}

const shapeOf = (schema: z.ZodType): Record<string, unknown> =>
  (schema as unknown as { shape?: Record<string, unknown> }).shape ?? {};

/** The query without filters (required values and the largest page), and one per filter naming a value. */
function queries(schema: z.ZodType | undefined): Record<string, string>[] {
  if (!schema) return [{}];
  const keys = Object.keys(shapeOf(schema));
  const valid = (query: Record<string, string>) => schema.safeParse(query).success;
  // Required values in one of their forms (dates, or instants), the same for all of them.
  const required = keys.filter((key) => key in REQUIRED_VALUES);
  const forms = [0, 1].map((form) =>
    Object.fromEntries(required.map((key) => [key, REQUIRED_VALUES[key]![form]!])),
  );
  const base: Record<string, string> = valid({}) ? {} : { ...(forms.find(valid) ?? {}) };
  for (const [key, value] of Object.entries(PAGING_VALUES)) {
    if (keys.includes(key) && valid({ ...base, [key]: value })) base[key] = value;
  }
  const filters = keys
    .filter((key) => !(key in PAGING_VALUES) && !(key in REQUIRED_VALUES))
    .flatMap((key) => FILTER_VALUES.map((value) => ({ ...base, [key]: value })))
    .filter(valid);
  return [base, ...filters];
}

interface Probed {
  kind: string;
  user: SignedIn;
  forbidden: string[];
}

describeEachEngine('scope probe: one-casino users learn nothing of other casinos', (ctx) => {
  const probed: Probed[] = [];
  const ids = {
    casinos: [OWN.casinoId, FOREIGN.casinoId],
    integrations: [OWN.integrationId, FOREIGN.integrationId],
    users: [] as string[],
    other: [] as string[],
  };

  async function expectOk(response: Awaited<ReturnType<TestContext['inject']>>, what: string) {
    expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(300);
    return response.body ? response.json<Record<string, unknown>>() : {};
  }

  async function asAdmin(method: Method, url: string, payload?: object) {
    return expectOk(await ctx().inject({ method, url, ...(payload ? { payload } : {}) }), `${method} ${url}`);
  }

  /** Configuration through the API as an admin, so that the audit trail holds every change. */
  async function seedConfiguration(): Promise<void> {
    const { db } = ctx().database;
    const [jurisdiction] = await db.insert(jurisdictions).values({ name: 'Probe Land' }).returning();
    const [bridge] = await db
      .insert(bridges)
      .values({ name: 'Probe Bridge', routerUrl: 'http://127.0.0.1:9', secret: 'probe-secret-probe-secret' })
      .returning();
    const [studio] = await db.insert(gameStudios).values({ name: 'Probe Studio' }).returning();
    await db.insert(gameProviders).values({ id: 'probe-provider', name: 'Probe Provider', api: 'internal' });
    await db.insert(games).values({
      gameId: GAME_ID,
      name: 'Probe Game',
      studioId: studio!.id,
      providerId: 'probe-provider',
      gameProviderGameId: GAME_ID,
      theoreticalRtp: 96,
      maxExposureFactor: 1000,
      minBetCents: 10,
    });
    ids.other.push(jurisdiction!.id, bridge!.id, studio!.id, 'probe-provider', GAME_ID);

    for (const side of [OWN, FOREIGN]) {
      await asAdmin('POST', '/api/casinos', {
        id: side.casinoId,
        name: side.casinoName,
        bridgeId: bridge!.id,
        api: 'seamlessWallet',
        config: { apiUrl: `https://${side.casinoId}.example/wallet` },
        jurisdictionId: jurisdiction!.id,
        showGameLaunchPage: false,
        cheatingAllowed: false,
        sendEventMessages: false,
        gameRoundValidityPeriodDays: null,
        properties: { operator: side.casinoId },
        providerConfigs: [],
        optionValues: [],
      });
      await asAdmin('POST', `/api/casinos/${side.casinoId}/games`, { gameId: GAME_ID, active: true });
      await asAdmin('POST', '/api/integrations', {
        id: side.integrationId,
        name: side.integrationName,
        bridgeId: bridge!.id,
        gameClientIntegrationUrl: '',
        casinoIds: [side.casinoId],
        defaultCasinoId: side.casinoId,
        gameRoundValidityPeriodDays: null,
        properties: { partner: side.integrationId },
        persistence: KEEP_EVERYTHING,
        rules: [],
        ruleTests: [],
      });
      await asAdmin('POST', `/api/integrations/${side.integrationId}/games`, {
        gameId: GAME_ID,
        active: true,
      });
    }
  }

  /** Players, rounds and savegames of both casinos through the ingest API, with real API keys. */
  async function seedPlatformData(): Promise<void> {
    for (const side of [OWN, FOREIGN]) {
      const { key } = (await asAdmin('POST', `/api/integrations/${side.integrationId}/api-keys`, {
        name: `key of ${side.integrationId}`,
      })) as { key: string };
      const foreign = side === FOREIGN;
      const send = async (path: string, payload: object) =>
        expectOk(
          await ctx().app.inject({
            method: 'POST',
            url: `${PLATFORM_API_PREFIX}/${path}`,
            headers: { authorization: `Bearer ${key}` },
            payload,
          }),
          `ingest ${path}`,
        );
      const playerId = foreign ? FOREIGN.playerId : OWN.playerId;
      await send('players', {
        players: [
          {
            playerId,
            casinoId: side.casinoId,
            email: foreign ? FOREIGN.playerEmail : 'own.player@own.example',
            firstName: foreign ? FOREIGN.playerName : 'Olivia',
          },
        ],
      });
      await send('rounds', {
        rounds: [
          round({
            roundId: foreign ? FOREIGN.roundId : OWN.roundId,
            providerRoundId: foreign ? FOREIGN.providerRoundId : 'own-provider-round',
            casinoId: side.casinoId,
            playerId,
            gameId: GAME_ID,
            startedAt: `${DAY}T12:00:00.000Z`,
          }),
        ],
      });
      await send('savegames', {
        savegames: [
          {
            casinoId: side.casinoId,
            playerId,
            gameId: GAME_ID,
            savedAt: `${DAY}T12:00:00.000Z`,
            state: { level: 1 },
          },
        ],
      });
    }
  }

  /** A user of the foreign casino, made and changed by an admin, and a failed sign-in. */
  async function seedStaff(): Promise<void> {
    const staff = (await asAdmin('POST', '/api/users', {
      username: FOREIGN.staffUsername,
      email: FOREIGN.staffEmail,
      firstName: FOREIGN.staffName,
      lastName: 'Foreignstaff',
      role: 'support',
      active: true,
      casinoIds: [FOREIGN.casinoId],
      integrationIds: [FOREIGN.integrationId],
      password: 'a long and good password',
      passwordRepeat: 'a long and good password',
    })) as { id: string };
    await asAdmin('PUT', `/api/users/${staff.id}/password`, {
      password: 'another long good password',
      passwordRepeat: 'another long good password',
    });
    ids.users.push(staff.id);
    const browser = new TestBrowser(injectTransport(ctx().app), 'http://localhost:3000');
    const page = await signInThrough(browser, FOREIGN.typedEmail, 'not the password');
    expect(page.status).toBe(401);
  }

  beforeAll(async () => {
    await seedConfiguration();
    await seedPlatformData();
    await seedStaff();
    // The admin also makes a change everyone sees (the catalogue), so that they appear as an actor.
    await asAdmin('POST', '/api/jurisdictions', { name: 'Probe Other Land' });

    for (const role of roles.filter((role) => !hasPermission(role, 'noRestrictions'))) {
      probed.push({
        kind: `${role} of the casino`,
        user: await ctx().signIn(role, { casinoIds: [OWN.casinoId] }),
        forbidden: [OWN.integrationName],
      });
      probed.push({
        kind: `${role} of the casino and its integration`,
        user: await ctx().signIn(role, { casinoIds: [OWN.casinoId], integrationIds: [OWN.integrationId] }),
        forbidden: [],
      });
    }
    for (const { user } of probed) ids.users.push(user.userId);
  }, 120_000);

  it('answers every GET route without a 5xx and without anything foreign', async () => {
    const { app } = ctx();
    const admin = await ctx().signIn('admin');
    const emails = [admin.email, ...probed.map(({ user }) => user.email)];
    const routes = getRoutes(app.routeTable);
    expect(routes.length).toBeGreaterThan(40);
    const valuesOf = (parameter: string): string[] => {
      const name = parameter.toLowerCase();
      if (name.includes('casino')) return ids.casinos;
      if (name.includes('round')) return [OWN.roundId, FOREIGN.roundId];
      if (name === 'day') return [DAY];
      if (name === 'currency') return ['EUR'];
      return [...ids.casinos, ...ids.integrations, ...ids.users, ...ids.other, FOREIGN.playerId];
    };

    const findings: string[] = [];
    let requests = 0;
    for (const { kind, user, forbidden } of probed) {
      const needles = [
        ...Object.values(FOREIGN),
        ...forbidden,
        ...emails.filter((email) => email !== user.email),
      ].map((needle) => needle.toLowerCase());
      interface Call {
        url: string;
        query: Record<string, string>;
        /** The queries with filters, to try when the path opens. */
        filtered: Record<string, string>[];
      }
      /** Makes the calls, 8 at a time; answers those that answered 200. */
      const probe = async (calls: Call[]): Promise<Call[]> => {
        const opened: Call[] = [];
        for (let start = 0; start < calls.length; start += 8) {
          await Promise.all(
            calls.slice(start, start + 8).map(async (call) => {
              const response = await user.inject({ method: 'GET', url: call.url, query: call.query });
              requests += 1;
              if (response.statusCode === 200) opened.push(call);
              const what = `${kind}: GET ${call.url}?${new URLSearchParams(call.query).toString()} → ${response.statusCode}`;
              if (response.statusCode >= 500) findings.push(`${what}: ${response.body.slice(0, 200)}`);
              const text = `${JSON.stringify(response.headers)}\n${response.body}`.toLowerCase();
              const leaked = needles.filter((needle) => text.includes(needle));
              if (leaked.length > 0) findings.push(`${what} names ${leaked.join(', ')}`);
            }),
          );
        }
        return opened;
      };
      const role = kind.split(' ')[0] as Role;
      // Every way to fill each path, without filters; then the filters on every path the user may open.
      const opened = await probe(
        routes
          .filter((route) => permitted(role, route.access))
          .flatMap((route) => {
            const [query, ...filtered] = queries(route.query);
            return paths(route.url, valuesOf).map((url) => ({ url, query: query!, filtered }));
          }),
      );
      await probe(
        opened.flatMap(({ url, filtered }) => filtered.map((query) => ({ url, query, filtered: [] }))),
      );
    }
    expect(requests).toBeGreaterThan(500);
    expect(findings.slice(0, 40), `${findings.length} findings`).toEqual([]);
  }, 600_000);
});
