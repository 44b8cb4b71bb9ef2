/**
 * Denied access is audited (GLI-19 §2.8.8 (a), issue 15): 403s and records refused by scope become entries
 * for user administrators, throttled per user and route, written after the answer.
 */
import type { AuditEntry, Page } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachEngine, type SignedIn } from '../test/app';
import { expectError } from '../test/api';
import { clearAuditTrail } from '../test/databases';
import { apiKeyFor, postRounds, round, seedPlatformFixture } from '../test/platform';

type Changes = AuditEntry['changes'];
const after = (changes: Changes, field: string) => changes[field]?.after;

describeEachEngine('denied access is audited', (ctx) => {
  let visitor: SignedIn;

  beforeAll(async () => {
    const { app, database } = ctx();
    await seedPlatformFixture(database.db, {
      casinos: ['casino-a', 'casino-b'],
      integrations: { 'int-a': ['casino-a'], 'int-b': ['casino-b'] },
      games: { 'game-a': 96 },
    });
    await postRounds(app, await apiKeyFor(database.db, 'int-b'), [
      round({ roundId: 'b-1', casinoId: 'casino-b', gameId: 'game-a' }),
    ]);
    visitor = await ctx().signIn('visitor');
  });

  beforeEach(async () => {
    const { app, database } = ctx();
    await app.accessDenials.settled();
    await database.db.execute(sql`delete from access_denial_windows`);
    await clearAuditTrail(database.db);
  });

  /** The denial entries, oldest first, as an admin reads them. */
  async function denials(): Promise<AuditEntry[]> {
    await ctx().app.accessDenials.settled();
    const response = await ctx().inject({
      method: 'GET',
      url: '/api/audit-entries?entityType=access-denied&order=asc&pageSize=100',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<AuditEntry>>().items;
  }

  /** Moves every window a minute and a half back, as if it had closed. */
  async function closeWindows(): Promise<void> {
    await ctx().app.accessDenials.settled();
    await ctx().database.db.execute(
      sql`update access_denial_windows set window_started_at = window_started_at - interval '90 seconds'`,
    );
  }

  it('records a visitor calling an admin route with user, route pattern and address', async () => {
    expectError(
      await visitor.inject({ method: 'GET', url: '/api/users?q=someone%40example.com' }),
      403,
      'NO_PERMISSION',
    );
    const [entry, ...more] = await denials();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorId: visitor.userId,
      actorName: visitor.username,
      entityType: 'access-denied',
      entityId: 'GET /api/users',
      action: 'denied',
    });
    expect(after(entry!.changes, 'address')).toBe('127.0.0.1');
    expect(after(entry!.changes, 'status')).toBe(403);
    expect(after(entry!.changes, 'code')).toBe('NO_PERMISSION');
    // Never the query string: it may carry personal data.
    expect(JSON.stringify(entry)).not.toContain('someone');
  });

  it('records a one-casino accountant reading a round of another casino (404) with the record', async () => {
    const accountant = await ctx().signIn('accountant', { casinoIds: ['casino-a'] });
    expectError(
      await accountant.inject({ method: 'GET', url: '/api/game-rounds/casino-b/b-1' }),
      404,
      'RECORD_NOT_FOUND',
    );
    // A round that exists nowhere is not a refused scope.
    expectError(
      await accountant.inject({ method: 'GET', url: '/api/game-rounds/casino-b/nothing' }),
      404,
      'RECORD_NOT_FOUND',
    );
    const [entry, ...more] = await denials();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorId: accountant.userId,
      entityId: 'GET /api/game-rounds/:casinoId/:roundId',
      action: 'out-of-scope',
    });
    expect(after(entry!.changes, 'record.type')).toBe('game-round');
    expect(after(entry!.changes, 'record.id')).toBe('casino-b/b-1');
    expect(after(entry!.changes, 'status')).toBe(404);
    expect(after(entry!.changes, 'address')).toBe('127.0.0.1');
  });

  it('records a casino, an integration and a support round outside the scope', async () => {
    const developer = await ctx().signIn('developer', { casinoIds: ['casino-a'], integrationIds: ['int-a'] });
    expectError(
      await developer.inject({ method: 'GET', url: '/api/casinos/casino-b' }),
      404,
      'CASINO_NOT_FOUND',
    );
    expectError(
      await developer.inject({ method: 'GET', url: '/api/integrations/int-b' }),
      404,
      'INTEGRATION_NOT_FOUND',
    );
    expect((await developer.inject({ method: 'GET', url: '/api/casinos/casino-a' })).statusCode).toBe(200);
    const support = await ctx().signIn('support', { casinoIds: ['casino-a'] });
    expectError(
      await support.inject({ method: 'GET', url: '/api/support/rounds/casino-b/b-1' }),
      404,
      'RECORD_NOT_FOUND',
    );
    await ctx().database.db.execute(
      sql`insert into players (casino_id, player_id, integration_id) values ('casino-b', 'player-1', 'int-b')
        on conflict do nothing`,
    );
    expectError(
      await support.inject({ method: 'GET', url: '/api/support/players/casino-b/player-1' }),
      404,
      'RECORD_NOT_FOUND',
    );
    expectError(
      await support.inject({
        method: 'POST',
        url: '/api/support/rounds/casino-b/b-1/close',
        payload: { booking: 'none', reason: 'Probing', confirmation: 'b-1' },
      }),
      404,
      'RECORD_NOT_FOUND',
    );
    const records = (await denials()).map((entry) => [
      entry.actorId,
      entry.entityId,
      after(entry.changes, 'record.type'),
      after(entry.changes, 'record.id'),
    ]);
    expect(records).toEqual([
      [developer.userId, 'GET /api/casinos/:id', 'casino', 'casino-b'],
      [developer.userId, 'GET /api/integrations/:id', 'integration', 'int-b'],
      [support.userId, 'GET /api/support/rounds/:casinoId/:roundId', 'game-round', 'casino-b/b-1'],
      [support.userId, 'GET /api/support/players/:casinoId/:playerId', 'player', 'casino-b/player-1'],
      [support.userId, 'POST /api/support/rounds/:casinoId/:roundId/close', 'game-round', 'casino-b/b-1'],
    ]);
  });

  it('keeps denials answered one after another in that order, though their entries are written concurrently', async () => {
    const developer = await ctx().signIn('developer', { casinoIds: ['casino-a'], integrationIds: ['int-a'] });
    const routes: Record<string, string> = {
      '/api/casinos/casino-b': 'GET /api/casinos/:id',
      '/api/integrations/int-b': 'GET /api/integrations/:id',
      '/api/users': 'GET /api/users',
      '/api/jobs': 'GET /api/jobs',
    };
    const urls = Object.keys(routes);
    const expected: string[] = [];
    const started = Date.now();
    for (let turn = 0; turn < 2; turn++) {
      for (const url of [...urls, ...urls.toReversed()]) {
        const response = await developer.inject({ method: 'GET', url });
        expect([403, 404]).toContain(response.statusCode);
        expected.push(routes[url]!);
      }
    }
    const answered = Date.now();
    const entries = await denials();
    expect(entries.map((entry) => entry.entityId)).toEqual(expected);
    // Each bears the time of its answer, not of its write.
    for (const entry of entries) {
      expect(Date.parse(entry.changedAt)).toBeGreaterThanOrEqual(started - 1);
      expect(Date.parse(entry.changedAt)).toBeLessThanOrEqual(answered + 1);
    }
  });

  it('records a report filter naming a casino outside the scope, not one its integration grants', async () => {
    const accountant = await ctx().signIn('accountant', { casinoIds: ['casino-a'] });
    const report = (casinoIds: string) =>
      accountant.inject({
        method: 'GET',
        url: `/api/reports/casino-performance?from=2026-03-01&to=2026-03-31&casinoIds=${casinoIds}`,
      });
    expect((await report('casino-a,casino-b')).statusCode).toBeLessThan(500);
    expect((await report('casino-a')).statusCode).toBeLessThan(500);
    // casino-b is served by int-b: a user limited to int-b reads its figures.
    const ofIntegration = await ctx().signIn('accountant', { integrationIds: ['int-b'] });
    const granted = await ofIntegration.inject({
      method: 'GET',
      url: '/api/reports/casino-performance?from=2026-03-01&to=2026-03-31&casinoIds=casino-b',
    });
    expect(granted.statusCode).toBeLessThan(500);
    const [entry, ...more] = await denials();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorId: accountant.userId,
      entityId: 'GET /api/reports/casino-performance',
      action: 'out-of-scope',
    });
    expect(after(entry!.changes, 'record.type')).toBe('casino');
    expect(after(entry!.changes, 'record.id')).toBe('casino-b');
  });

  it('records at most 10 denials a minute per user and route, then how many more there were', async () => {
    for (let i = 0; i < 50; i++) {
      expect((await visitor.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(403);
    }
    // Another route has its own window.
    expect((await visitor.inject({ method: 'GET', url: '/api/jobs' })).statusCode).toBe(403);
    let entries = await denials();
    expect(entries.filter((entry) => entry.entityId === 'GET /api/users')).toHaveLength(10);
    expect(entries.filter((entry) => entry.entityId === 'GET /api/jobs')).toHaveLength(1);

    // When the window has closed, its timer (here called by hand) says how many were not recorded.
    await closeWindows();
    await ctx().app.accessDenials.flushClosedWindows();
    entries = await denials();
    const suppressed = entries.filter((entry) => entry.action === 'denials-suppressed');
    expect(suppressed).toHaveLength(1);
    expect(suppressed[0]).toMatchObject({
      actorId: visitor.userId,
      actorName: visitor.username,
      entityId: 'GET /api/users',
    });
    expect(after(suppressed[0]!.changes, 'suppressed')).toBe(40);
    expect(entries).toHaveLength(12);

    // Or the next denial after the window says it, before its own entry.
    await clearAuditTrail(ctx().database.db);
    for (let i = 0; i < 15; i++) await visitor.inject({ method: 'GET', url: '/api/users' });
    await closeWindows();
    await visitor.inject({ method: 'GET', url: '/api/users' });
    entries = await denials();
    expect(entries.map((entry) => entry.action)).toEqual([
      ...Array<string>(10).fill('denied'),
      'denials-suppressed',
      'denied',
    ]);
    expect(after(entries[10]!.changes, 'suppressed')).toBe(5);
  });

  it('shows the entries to admins only', async () => {
    await visitor.inject({ method: 'GET', url: '/api/users' });
    expect(await denials()).toHaveLength(1);
    const unlimitedDeveloper = await ctx().signIn('developer');
    const accountant = await ctx().signIn('accountant', { casinoIds: ['casino-a'] });
    for (const reader of [unlimitedDeveloper, accountant, visitor]) {
      const response = await reader.inject({
        method: 'GET',
        url: '/api/audit-entries?entityType=access-denied',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<Page<AuditEntry>>().total).toBe(0);
    }
  });

  it('records a refused origin by address, and no 401', async () => {
    const refused = await ctx().app.inject({
      method: 'POST',
      url: '/api/casinos',
      headers: { ...visitor.headers, origin: 'https://evil.example' },
      payload: {},
    });
    expectError(refused, 403, 'NO_PERMISSION');
    expectError(await ctx().app.inject({ method: 'GET', url: '/api/users' }), 401, 'UNAUTHENTICATED');
    const [entry, ...more] = await denials();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actorId: null, entityId: 'POST /api/casinos', action: 'denied' });
    expect(after(entry!.changes, 'address')).toBe('127.0.0.1');
  });

  it('still answers 403 when the denial cannot be written', async () => {
    const { db } = ctx().database;
    await db.execute(sql`alter table access_denial_windows rename to access_denial_windows_away`);
    try {
      expectError(await visitor.inject({ method: 'GET', url: '/api/users' }), 403, 'NO_PERMISSION');
      await ctx().app.accessDenials.settled();
    } finally {
      await db.execute(sql`alter table access_denial_windows_away rename to access_denial_windows`);
    }
    expect(await denials()).toEqual([]);
    // And the next one is written again.
    expectError(await visitor.inject({ method: 'GET', url: '/api/users' }), 403, 'NO_PERMISSION');
    expect(await denials()).toHaveLength(1);
  });
});
