import type { SessionInfo } from '@backoffice/contracts';
import { permissionsOf } from '@backoffice/contracts';
import { and, asc, sql, type SQL } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { SESSION_COOKIE } from '../modules/auth/auth.routes';
import { createSessionsService } from '../modules/auth/sessions.service';
import { describeEachEngine, type TestContext } from '../test/app';
import { AppError } from './app-error';
import {
  UNLIMITED,
  assertInScope,
  casinoInScope,
  casinoScopeCondition,
  integrationInScope,
  integrationScopeCondition,
  type Scope,
} from './scope';

/** A table made only for these tests, so the conditions run against a real database. */
const scopeProbe = pgTable('scope_probe', {
  casinoId: text('casino_id'),
  integrationId: text('integration_id'),
  amount: integer('amount'),
});

/** amount identifies the row: tens digit = casino (1 A, 2 B, 3 C), units digit = integration (1 X, 2 Y). */
const PROBE_ROWS = [
  { casinoId: 'A', integrationId: 'X', amount: 11 },
  { casinoId: 'A', integrationId: 'Y', amount: 12 },
  { casinoId: 'B', integrationId: 'X', amount: 21 },
  { casinoId: 'B', integrationId: 'Y', amount: 22 },
  { casinoId: 'C', integrationId: 'X', amount: 31 },
  { casinoId: 'C', integrationId: 'Y', amount: 32 },
];
const ALL_AMOUNTS = PROBE_ROWS.map((row) => row.amount);

function limited(casinoIds: string[], integrationIds: string[] = []): Scope {
  return { unlimited: false, casinoIds, integrationIds };
}

/** Catches the error a call throws (or fails the test when it throws nothing). */
function thrown(call: () => void): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

function helpers(ctx: () => TestContext) {
  async function amountsWhere(condition: SQL | undefined): Promise<number[]> {
    const rows = await ctx()
      .database.db.select({ amount: scopeProbe.amount })
      .from(scopeProbe)
      .where(condition)
      .orderBy(asc(scopeProbe.amount));
    return rows.map((row) => row.amount!);
  }

  function sessionsService() {
    return createSessionsService({
      database: ctx().database,
      config: loadConfig({ NODE_ENV: 'test' }),
      oidc: () => {
        throw new Error('no identity server in these tests');
      },
      log: { warn: () => {} } as never,
    });
  }

  function tokenOf(headers: Record<string, string>): string {
    const match = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(headers.cookie ?? '');
    if (!match) throw new Error('no session cookie');
    return match[1]!;
  }

  async function sessionInfo(headers: Record<string, string>): Promise<SessionInfo> {
    const response = await ctx().app.inject({ method: 'GET', url: '/auth/session', headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SessionInfo>();
  }

  return { amountsWhere, sessionsService, tokenOf, sessionInfo };
}

describe('scope checks in memory', () => {
  it.each([
    ['unlimited', UNLIMITED, 'Z', true],
    ['[A]', limited(['A']), 'A', true],
    ['[A]', limited(['A']), 'B', false],
    ['[A, B]', limited(['A', 'B']), 'B', true],
    ['[A, B]', limited(['A', 'B']), 'C', false],
    ['[]', limited([]), 'A', false],
    ['[A]', limited(['A']), 'a', false],
  ])('casinoInScope with scope %s and casino %s is %s', (_label, scope, casinoId, expected) => {
    expect(casinoInScope(scope, casinoId)).toBe(expected);
  });

  it.each([
    ['unlimited', UNLIMITED, 'Z', true],
    ['[X]', limited([], ['X']), 'X', true],
    ['[X]', limited([], ['X']), 'Y', false],
    ['[]', limited(['X']), 'X', false],
  ])(
    'integrationInScope with scope %s and integration %s is %s',
    (_label, scope, integrationId, expected) => {
      expect(integrationInScope(scope, integrationId)).toBe(expected);
    },
  );

  it('keeps casino and integration scopes apart', () => {
    const scope = limited(['A'], ['X']);
    expect(casinoInScope(scope, 'X')).toBe(false);
    expect(integrationInScope(scope, 'A')).toBe(false);
  });

  it.each([
    ['a casino inside', limited(['A'], ['X']), { casinoId: 'A' }],
    ['an integration inside', limited(['A'], ['X']), { integrationId: 'X' }],
    ['a casino and an integration inside', limited(['A'], ['X']), { casinoId: 'A', integrationId: 'X' }],
    ['no target at all', limited([]), {}],
    ['anything when unlimited', UNLIMITED, { casinoId: 'C', integrationId: 'Y' }],
  ])('assertInScope passes %s', (_label, scope, target) => {
    expect(() => assertInScope(scope, target)).not.toThrow();
  });

  it.each([
    ['a casino outside', limited(['A'], ['X']), { casinoId: 'B' }],
    ['an integration outside', limited(['A'], ['X']), { integrationId: 'Y' }],
    [
      'an inside casino with an outside integration',
      limited(['A'], ['X']),
      { casinoId: 'A', integrationId: 'Y' },
    ],
    [
      'an outside casino with an inside integration',
      limited(['A'], ['X']),
      { casinoId: 'B', integrationId: 'X' },
    ],
    ['any casino for an empty scope', limited([]), { casinoId: 'A' }],
    ['any integration for an empty scope', limited([]), { integrationId: 'X' }],
  ])(
    'assertInScope refuses %s as RECORD_NOT_FOUND (404), not NO_PERMISSION, hiding that it exists',
    (_label, scope, target) => {
      const error = thrown(() => assertInScope(scope, target));
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('RECORD_NOT_FOUND');
      expect((error as AppError).statusCode).toBe(404);
    },
  );

  it('leaves no condition for an unlimited scope', () => {
    expect(casinoScopeCondition(UNLIMITED, scopeProbe.casinoId)).toBeUndefined();
    expect(integrationScopeCondition(UNLIMITED, scopeProbe.integrationId)).toBeUndefined();
  });
});

describeEachEngine('scope conditions on the database', (ctx) => {
  const h = helpers(ctx);

  beforeAll(async () => {
    const { db } = ctx().database;
    await db.execute(sql`create table scope_probe (casino_id text, integration_id text, amount int)`);
    await db.insert(scopeProbe).values([
      ...PROBE_ROWS,
      // Rows that belong to no casino or integration: only unlimited users see them.
      { casinoId: null, integrationId: null, amount: 99 },
    ]);
  });

  describe('casinoScopeCondition', () => {
    it.each([
      ['unlimited sees every row', UNLIMITED, [...ALL_AMOUNTS, 99]],
      ['[A] sees only the rows of A', limited(['A']), [11, 12]],
      ['[A, B] sees the rows of A and B', limited(['A', 'B']), [11, 12, 21, 22]],
      ['[C, A] sees the rows of A and C', limited(['C', 'A']), [11, 12, 31, 32]],
      ['[A, A] sees the rows of A once', limited(['A', 'A']), [11, 12]],
      ['an empty scope sees nothing', limited([], ['X', 'Y']), []],
      ['an unknown casino sees nothing', limited(['Q']), []],
      ['a lower-case id does not match', limited(['a']), []],
      ["an id like SQL (A' or '1'='1) sees nothing", limited(["A' or '1'='1"]), []],
    ])('%s', async (_label, scope, expected) => {
      expect(await h.amountsWhere(casinoScopeCondition(scope, scopeProbe.casinoId))).toEqual(expected);
    });
  });

  describe('integrationScopeCondition', () => {
    it.each([
      ['unlimited sees every row', UNLIMITED, [...ALL_AMOUNTS, 99]],
      ['[X] sees only the rows of X', limited([], ['X']), [11, 21, 31]],
      ['[X, Y] sees the rows of X and Y', limited([], ['X', 'Y']), ALL_AMOUNTS],
      ['an empty scope sees nothing', limited(['A', 'B', 'C'], []), []],
    ])('%s', async (_label, scope, expected) => {
      expect(await h.amountsWhere(integrationScopeCondition(scope, scopeProbe.integrationId))).toEqual(
        expected,
      );
    });
  });

  describe('both conditions together', () => {
    it.each([
      ['unlimited sees every row', UNLIMITED, [...ALL_AMOUNTS, 99]],
      ['[A] × [X] sees the one row of A and X', limited(['A'], ['X']), [11]],
      ['[A, B] × [Y] sees the Y rows of A and B', limited(['A', 'B'], ['Y']), [12, 22]],
      ['[A] × [] sees nothing', limited(['A'], []), []],
      ['[] × [X] sees nothing', limited([], ['X']), []],
    ])('%s', async (_label, scope, expected) => {
      const condition = and(
        casinoScopeCondition(scope, scopeProbe.casinoId),
        integrationScopeCondition(scope, scopeProbe.integrationId),
      );
      expect(await h.amountsWhere(condition)).toEqual(expected);
    });

    it('can be combined with other conditions of the query', async () => {
      const scope = limited(['A', 'B', 'C'], ['Y']);
      const condition = and(
        casinoScopeCondition(scope, scopeProbe.casinoId),
        integrationScopeCondition(scope, scopeProbe.integrationId),
        sql`${scopeProbe.amount} > 15`,
      );
      expect(await h.amountsWhere(condition)).toEqual([22, 32]);
    });

    it('handles a scope of many ids', async () => {
      const many = Array.from({ length: 1000 }, (_, i) => `casino-${i}`);
      const scope = limited([...many, 'B'], ['X']);
      const condition = and(
        casinoScopeCondition(scope, scopeProbe.casinoId),
        integrationScopeCondition(scope, scopeProbe.integrationId),
      );
      expect(await h.amountsWhere(condition)).toEqual([21]);
    });
  });

  describe("the principal's scope as the session resolves it", () => {
    it('limits a support user to the casinos and integrations of their scope', async () => {
      const support = await ctx().signIn('support', { casinoIds: ['A'], integrationIds: ['X'] });
      const resolved = await h.sessionsService().resolve(h.tokenOf(support.headers), { touch: false });
      expect(resolved?.principal).toMatchObject({
        userId: support.userId,
        role: 'support',
        scope: { unlimited: false, casinoIds: ['A'], integrationIds: ['X'] },
      });
      const scope = resolved!.principal.scope;
      expect(
        await h.amountsWhere(
          and(
            casinoScopeCondition(scope, scopeProbe.casinoId),
            integrationScopeCondition(scope, scopeProbe.integrationId),
          ),
        ),
      ).toEqual([11]);
    });

    it('reports that scope through GET /auth/session', async () => {
      const support = await ctx().signIn('support', { casinoIds: ['B', 'A'], integrationIds: ['X'] });
      const info = await h.sessionInfo(support.headers);
      expect(info.user).toMatchObject({
        id: support.userId,
        role: 'support',
        casinoIds: ['A', 'B'],
        integrationIds: ['X'],
        permissions: permissionsOf('support'),
      });
    });

    it('gives a scoped user without any casinos or integrations an empty scope (sees nothing)', async () => {
      const visitor = await ctx().signIn('visitor');
      const resolved = await h.sessionsService().resolve(h.tokenOf(visitor.headers), { touch: false });
      expect(resolved?.principal.scope).toEqual({ unlimited: false, casinoIds: [], integrationIds: [] });
      const scope = resolved!.principal.scope;
      expect(await h.amountsWhere(casinoScopeCondition(scope, scopeProbe.casinoId))).toEqual([]);
      expect((await h.sessionInfo(visitor.headers)).user).toMatchObject({
        casinoIds: [],
        integrationIds: [],
      });
    });

    it('never limits an admin, even one with scope rows', async () => {
      const admin = await ctx().signIn('admin', { casinoIds: ['A'], integrationIds: ['X'] });
      const resolved = await h.sessionsService().resolve(h.tokenOf(admin.headers), { touch: false });
      expect(resolved?.principal.scope).toEqual(UNLIMITED);
      expect(
        await h.amountsWhere(
          and(
            casinoScopeCondition(resolved!.principal.scope, scopeProbe.casinoId),
            integrationScopeCondition(resolved!.principal.scope, scopeProbe.integrationId),
          ),
        ),
      ).toEqual([...ALL_AMOUNTS, 99]);
      const plain = await ctx().signIn('admin');
      expect((await h.sessionInfo(plain.headers)).user).toMatchObject({
        role: 'admin',
        permissions: permissionsOf('admin'),
      });
    });

    it('follows a change of the stored scope on the next request', async () => {
      const support = await ctx().signIn('support', { casinoIds: ['A'] });
      const sessions = h.sessionsService();
      const token = h.tokenOf(support.headers);
      expect((await sessions.resolve(token, { touch: false }))?.principal.scope).toMatchObject({
        casinoIds: ['A'],
      });
      await ctx().database.db.execute(
        sql`insert into user_casino_scopes (user_id, casino_id) values (${support.userId}, 'C')`,
      );
      expect((await sessions.resolve(token, { touch: false }))?.principal.scope).toMatchObject({
        casinoIds: ['A', 'C'],
      });
    });
  });
});
