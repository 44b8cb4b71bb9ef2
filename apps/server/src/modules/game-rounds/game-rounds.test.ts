import type {
  ErrorBody,
  GameRoundDetail,
  GameRoundPage,
  GameRoundSummary,
  PlatformRound,
  RoundStatus,
} from '@backoffice/contracts';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { casinos, integrationCasinos } from '../../db/schema/index';
import { describeEachEngine, type SignedIn } from '../../test/app';
import { ENGLISH, expectError } from '../../test/api';
import { seedPlatformFixture } from '../../test/platform';
import { createIngestService } from '../platform/ingest.service';
import { rebuildRollups } from '../platform/rollups';
import { encodeCursor } from './game-rounds.service';

const BASE = '/api/game-rounds';

interface StoredRound {
  casinoId: string;
  roundId: string;
  integrationId: string;
  startedAt: string;
  providerRoundId?: string | null;
  playerId?: string;
  gameId?: string;
  status?: RoundStatus;
  currency?: string;
  debit?: number;
  credit?: number;
  totalWin?: number;
  voucherCode?: string | null;
  fundsAtStart?: number | null;
  fundsAtEnd?: number | null;
  displayedOutcome?: unknown;
  split?: { real: number; bonus: number; voucher: number } | null;
}

/** Sends rounds through the ingest service, one batch per integration, as the game platform does. */
async function ingest(db: Db, rounds: StoredRound[]): Promise<void> {
  const service = createIngestService(db);
  for (const integrationId of new Set(rounds.map((round) => round.integrationId))) {
    const batch = rounds.filter((round) => round.integrationId === integrationId);
    await service.ingestRounds(
      integrationId,
      batch.map((round) => ({
        roundId: round.roundId,
        providerRoundId: round.providerRoundId ?? null,
        casinoId: round.casinoId,
        playerId: round.playerId ?? 'player-1',
        gameId: round.gameId ?? 'game-1',
        startedAt: round.startedAt,
        updatedAt: new Date(Date.parse(round.startedAt) + 5_000).toISOString(),
        status: round.status ?? 'completed',
        currency: round.currency ?? 'EUR',
        debit: round.debit ?? 100,
        credit: round.credit ?? 0,
        totalWin: round.totalWin ?? 0,
        voucherCode: round.voucherCode ?? null,
        fundsAtStart: round.fundsAtStart ?? null,
        fundsAtEnd: round.fundsAtEnd ?? null,
        displayedOutcome: (round.displayedOutcome ?? null) as PlatformRound['displayedOutcome'],
        moneySplit: round.split ?? null,
      })),
    );
  }
}

/**
 * Writes rounds straight into game_rounds (their months' partitions first) and recomputes the rollups
 * from them: the ingest keeps starts to the millisecond, rounds loaded in bulk may have microseconds.
 */
async function storeRounds(db: Db, rounds: StoredRound[]): Promise<void> {
  const months = new Set(rounds.map((round) => `${round.startedAt.slice(0, 7)}-01`));
  for (const month of months) await db.execute(sql`select ensure_game_rounds_partition(${month}::date)`);
  for (const round of rounds) {
    await db.execute(sql`insert into game_rounds (casino_id, round_id, started_at, integration_id,
        player_id, game_id, updated_at, status, currency, debit, credit, total_win)
      values (${round.casinoId}, ${round.roundId}, ${round.startedAt}::timestamptz, ${round.integrationId},
        ${round.playerId ?? 'player-1'}, ${round.gameId ?? 'game-1'}, ${round.startedAt}::timestamptz,
        ${round.status ?? 'completed'}, ${round.currency ?? 'EUR'}, ${round.debit ?? 100}, 0, 0)`);
  }
  await rebuildRollups(db);
}

async function clearRounds(db: Db): Promise<void> {
  await db.execute(sql`delete from game_rounds`);
  await rebuildRollups(db);
}

/**
 * Three casinos and a fourth whose configuration is gone; int-1 serves casino-a and casino-b, int-2
 * casino-b and casino-c. Two rounds start at the same instant; one round id exists in two casinos.
 */
const fixture: StoredRound[] = [
  {
    casinoId: 'casino-a',
    roundId: 'a-1',
    integrationId: 'int-1',
    startedAt: '2026-03-10T12:00:00.000Z',
    providerRoundId: 'prov-a-1',
    playerId: 'player-1',
    gameId: 'game-1',
  },
  {
    casinoId: 'casino-a',
    roundId: 'a-2',
    integrationId: 'int-1',
    startedAt: '2026-03-10T13:00:00.000Z',
    playerId: 'player-2',
    gameId: 'game-2',
    status: 'refunded',
  },
  {
    casinoId: 'casino-b',
    roundId: 'b-1',
    integrationId: 'int-1',
    startedAt: '2026-03-11T09:00:00.000Z',
    status: 'open',
  },
  {
    casinoId: 'casino-b',
    roundId: 'b-2',
    integrationId: 'int-2',
    startedAt: '2026-03-11T09:00:00.000Z',
    playerId: 'player-3',
    gameId: 'game-2',
  },
  {
    casinoId: 'casino-c',
    roundId: 'c-1',
    integrationId: 'int-2',
    startedAt: '2026-04-02T08:30:00.000Z',
    providerRoundId: 'prov-c-1',
  },
  {
    casinoId: 'casino-a',
    roundId: 'shared',
    integrationId: 'int-1',
    startedAt: '2026-02-20T10:00:00.000Z',
    currency: 'USD',
    debit: 250,
    credit: 1_000,
    totalWin: 1_000,
    voucherCode: 'SPRING',
    fundsAtStart: 5_000,
    fundsAtEnd: 5_750,
    displayedOutcome: { reels: [[1, 2, 3]], lines: [{ line: 1, win: 1000 }] },
    split: { real: 150, bonus: 60, voucher: 40 },
  },
  {
    casinoId: 'casino-c',
    roundId: 'shared',
    integrationId: 'int-2',
    startedAt: '2026-02-21T10:00:00.000Z',
  },
  { casinoId: 'casino-gone', roundId: 'x-1', integrationId: 'int-1', startedAt: '2026-01-05T00:00:00.000Z' },
];

/** The fixture's keys in the search order: started_at desc, then casino id, then round id. */
const expectedOrder = [
  'casino-c/c-1',
  'casino-b/b-1',
  'casino-b/b-2',
  'casino-a/a-2',
  'casino-a/a-1',
  'casino-c/shared',
  'casino-a/shared',
  'casino-gone/x-1',
];

const keyOf = (round: GameRoundSummary) => `${round.casinoId}/${round.roundId}`;

/** How the search lists the round `casino-a/shared` of the fixture (its details add the rest). */
const sharedRound = {
  casinoId: 'casino-a',
  roundId: 'shared',
  providerRoundId: null,
  integrationId: 'int-1',
  playerId: 'player-1',
  gameId: 'game-1',
  startedAt: '2026-02-20T10:00:00.000Z',
  updatedAt: '2026-02-20T10:00:05.000Z',
  status: 'completed',
  currency: 'USD',
  debit: 250,
  credit: 1_000,
  totalWin: 1_000,
};

describeEachEngine('game rounds search', (ctx) => {
  async function search(query: Record<string, string> = {}, user?: SignedIn): Promise<GameRoundPage> {
    const options: InjectOptions = { method: 'GET', url: BASE, query };
    const response = await (user ? user.inject(options) : ctx().inject(options));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GameRoundPage>();
  }
  const keys = async (query: Record<string, string> = {}, user?: SignedIn) =>
    (await search(query, user)).items.map(keyOf);

  describe('with the fixture', () => {
    beforeAll(async () => {
      const { db } = ctx().database;
      await clearRounds(db);
      await seedPlatformFixture(db, {
        casinos: ['casino-a', 'casino-b', 'casino-c', 'casino-gone'],
        integrations: { 'int-1': ['casino-a', 'casino-b', 'casino-gone'], 'int-2': ['casino-b', 'casino-c'] },
        games: { 'game-1': 96, 'game-2': 95 },
      });
      await ingest(db, fixture);
      // casino-gone's configuration is removed later; its rounds stay.
      await db.delete(integrationCasinos).where(eq(integrationCasinos.casinoId, 'casino-gone'));
      await db.delete(casinos).where(eq(casinos.id, 'casino-gone'));
    });

    it('answers all rounds newest first, equal starts by casino and round id, with their fields', async () => {
      const page = await search();
      expect(page.items.map(keyOf)).toEqual(expectedOrder);
      expect(page.next).toBeNull();
      const shared = page.items.find((round) => keyOf(round) === 'casino-a/shared');
      expect(shared).toEqual(sharedRound);
    });

    it('finds the rounds of a casino whose configuration is gone', async () => {
      expect(await keys({ casinoIds: 'casino-gone' })).toEqual(['casino-gone/x-1']);
      expect(await keys({ roundId: 'x-1' })).toEqual(['casino-gone/x-1']);
    });

    it('filters by round id exactly, in every casino that has it', async () => {
      expect(await keys({ roundId: 'shared' })).toEqual(['casino-c/shared', 'casino-a/shared']);
      expect(await keys({ roundId: 'share' })).toEqual([]);
      expect(await keys({ roundId: 'a-1' })).toEqual(['casino-a/a-1']);
    });

    it('filters by provider round id exactly', async () => {
      expect(await keys({ providerRoundId: 'prov-c-1' })).toEqual(['casino-c/c-1']);
      expect(await keys({ providerRoundId: 'prov' })).toEqual([]);
    });

    it('filters by player id exactly', async () => {
      expect(await keys({ playerId: 'player-2' })).toEqual(['casino-a/a-2']);
      expect(await keys({ playerId: 'player-3' })).toEqual(['casino-b/b-2']);
      expect(await keys({ playerId: 'player' })).toEqual([]);
    });

    it('filters by casinos', async () => {
      expect(await keys({ casinoIds: 'casino-b,casino-c' })).toEqual([
        'casino-c/c-1',
        'casino-b/b-1',
        'casino-b/b-2',
        'casino-c/shared',
      ]);
      expect(await keys({ casinoIds: 'casino-unknown' })).toEqual([]);
    });

    it('filters by games', async () => {
      expect(await keys({ gameIds: 'game-2' })).toEqual(['casino-b/b-2', 'casino-a/a-2']);
      expect(await keys({ gameIds: 'game-2', casinoIds: 'casino-a' })).toEqual(['casino-a/a-2']);
    });

    it('filters by status', async () => {
      expect(await keys({ status: 'open' })).toEqual(['casino-b/b-1']);
      expect(await keys({ status: 'refunded' })).toEqual(['casino-a/a-2']);
      expect(await keys({ status: 'autoCloseFailed' })).toEqual([]);
    });

    it('filters by start: from and to both included, to its millisecond, in any offset', async () => {
      expect(await keys({ from: '2026-03-10T13:00:00.000Z', to: '2026-03-11T09:00:00.000Z' })).toEqual([
        'casino-b/b-1',
        'casino-b/b-2',
        'casino-a/a-2',
      ]);
      expect(await keys({ from: '2026-03-10T13:00:00.001Z', to: '2026-03-11T08:59:59.999Z' })).toEqual([]);
      // 10:00 in Berlin (winter) is 09:00 UTC.
      expect(await keys({ from: '2026-03-11T10:00:00+01:00' })).toEqual([
        'casino-c/c-1',
        'casino-b/b-1',
        'casino-b/b-2',
      ]);
      expect(await keys({ to: '2026-02-01T00:00:00Z' })).toEqual(['casino-gone/x-1']);
    });

    it('combines filters', async () => {
      expect(await keys({ playerId: 'player-1', casinoIds: 'casino-a', status: 'completed' })).toEqual([
        'casino-a/a-1',
        'casino-a/shared',
      ]);
    });

    it('shows a limited reader the rounds of their casinos or of their integrations', async () => {
      const reader = await ctx().signIn('support', { casinoIds: ['casino-a'], integrationIds: ['int-2'] });
      expect(await keys({}, reader)).toEqual([
        'casino-c/c-1',
        'casino-b/b-2',
        'casino-a/a-2',
        'casino-a/a-1',
        'casino-c/shared',
        'casino-a/shared',
      ]);
      // casino-b only through int-2; int-1's rounds of casino-b stay hidden, also when asked for.
      expect(await keys({ casinoIds: 'casino-b' }, reader)).toEqual(['casino-b/b-2']);
      expect(await keys({ roundId: 'b-1' }, reader)).toEqual([]);
      expect(await keys({ casinoIds: 'casino-gone' }, reader)).toEqual([]);
    });

    it('shows a reader limited to integrations only what those integrations carried', async () => {
      const reader = await ctx().signIn('accountant', { integrationIds: ['int-1'] });
      expect(await keys({}, reader)).toEqual([
        'casino-b/b-1',
        'casino-a/a-2',
        'casino-a/a-1',
        'casino-a/shared',
        'casino-gone/x-1',
      ]);
    });

    it('shows a reader limited to casinos only those casinos', async () => {
      const reader = await ctx().signIn('qa', { casinoIds: ['casino-c'] });
      expect(await keys({}, reader)).toEqual(['casino-c/c-1', 'casino-c/shared']);
    });

    it('shows a one-casino reader nothing of other casinos, whatever the filters name', async () => {
      const reader = await ctx().signIn('qa', { casinoIds: ['casino-c'] });
      const others = ['casino-a', 'casino-b', 'casino-gone'];
      const probes: Record<string, string>[] = [
        {},
        { casinoIds: 'casino-a' },
        { casinoIds: 'casino-a,casino-b,casino-c' },
        { integrationIds: 'int-1' },
        { integrationIds: 'int-1,int-2' },
        { gameIds: 'game-1' },
        { gameIds: 'game-1,game-2' },
        { status: 'refunded' },
        { status: 'open' },
        { status: 'completed', integrationIds: 'int-1' },
        { roundId: 'a-1' },
        { roundId: 'shared' },
        { providerRoundId: 'prov-a-1' },
        { playerId: 'player-1' },
        { from: '2026-03-10T00:00:00.000Z', to: '2026-03-12T00:00:00.000Z' },
        { from: '2026-01-01T00:00:00.000Z', gameIds: 'game-2', status: 'completed' },
        { limit: '1' },
      ];
      for (const query of probes) {
        const everything = await keys(query);
        const seen = await keys(query, reader);
        // Exactly what an admin sees of casino-c with the same filters: no more, and nothing missing.
        expect(seen, JSON.stringify(query)).toEqual(everything.filter((key) => key.startsWith('casino-c/')));
      }
      // An admin's cursor does not lead a limited reader into other casinos either.
      let cursor: string | null = (await search({ limit: '1' })).next;
      for (let page = 0; cursor && page < 10; page++) {
        const next: GameRoundPage = await search({ limit: '1', cursor }, reader);
        for (const key of next.items.map(keyOf)) {
          expect(
            others.some((other) => key.startsWith(`${other}/`)),
            key,
          ).toBe(false);
        }
        cursor = (await search({ limit: '1', cursor })).next;
      }
    });

    it('shows a reader with an empty scope nothing', async () => {
      const reader = await ctx().signIn('developer');
      expect(await search({}, reader)).toEqual({ items: [], next: null });
    });

    it('answers the details of a round of a casino: all fields, the displayed outcome and the money split', async () => {
      const response = await ctx().inject({ method: 'GET', url: `${BASE}/casino-a/shared` });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<GameRoundDetail>()).toEqual({
        ...sharedRound,
        voucherCode: 'SPRING',
        fundsAtStart: 5_000,
        fundsAtEnd: 5_750,
        displayedOutcome: { reels: [[1, 2, 3]], lines: [{ line: 1, win: 1000 }] },
        moneySplit: { real: 150, bonus: 60, voucher: 40 },
      });
      const other = (
        await ctx().inject({ method: 'GET', url: `${BASE}/casino-c/shared` })
      ).json<GameRoundDetail>();
      expect(other).toMatchObject({ casinoId: 'casino-c', integrationId: 'int-2', currency: 'EUR' });
      expect(other.moneySplit).toBeNull();
      expect(other.displayedOutcome).toBeNull();
      expect(other.voucherCode).toBeNull();
    });

    it('answers 404 for a round that does not exist, or not in the casino asked for', async () => {
      expectError(
        await ctx().inject({ method: 'GET', url: `${BASE}/casino-a/nope` }),
        404,
        'RECORD_NOT_FOUND',
      );
      expectError(
        await ctx().inject({ method: 'GET', url: `${BASE}/casino-b/a-1` }),
        404,
        'RECORD_NOT_FOUND',
      );
    });

    it('answers 404 for a round outside the reader’s scope, found through casino or integration otherwise', async () => {
      const reader = await ctx().signIn('support', { casinoIds: ['casino-c'], integrationIds: ['int-2'] });
      const get = (path: string) => reader.inject({ method: 'GET', url: `${BASE}/${path}` });
      expectError(await get('casino-a/shared'), 404, 'RECORD_NOT_FOUND');
      expectError(await get('casino-b/b-1'), 404, 'RECORD_NOT_FOUND');
      expect((await get('casino-b/b-2')).statusCode).toBe(200);
      expect((await get('casino-c/shared')).statusCode).toBe(200);
    });

    it('needs a session (401) and the permission to view game rounds (403)', async () => {
      expectError(await ctx().app.inject({ method: 'GET', url: BASE }), 401, 'UNAUTHENTICATED');
      expectError(
        await ctx().app.inject({ method: 'GET', url: `${BASE}/casino-a/a-1` }),
        401,
        'UNAUTHENTICATED',
      );
      const visitor = await ctx().signIn('visitor');
      expectError(await visitor.inject({ method: 'GET', url: BASE }), 403, 'NO_PERMISSION');
      expectError(await visitor.inject({ method: 'GET', url: `${BASE}/casino-a/a-1` }), 403, 'NO_PERMISSION');
    });

    it('refuses a cursor it did not make, in the reader’s language', async () => {
      const bad = [
        'not a cursor!',
        Buffer.from('{"a":1}').toString('base64url'),
        Buffer.from('[1,2,3]').toString('base64url'),
        Buffer.from('["2026-03-10T12:00:00Z","casino-a","a-1"]').toString('base64url'),
        Buffer.from('["2026-02-31T12:00:00.000000Z","casino-a","a-1"]').toString('base64url'),
        Buffer.from('["2026-03-10T12:00:00.000000Z","","a-1"]').toString('base64url'),
        'x'.repeat(501),
      ];
      for (const after of bad) {
        const body = expectError(
          await ctx().inject({ method: 'GET', url: BASE, query: { after } }),
          400,
          'VALIDATION_FAILED',
        );
        expect(body.message).toBe('Die Eingabe ist nicht gültig.');
        expect(body.details?.map((detail) => detail.path)).toEqual(['querystring.after']);
      }
      const english = expectError(
        await ctx().inject({ method: 'GET', url: BASE, query: { after: 'garbage' }, headers: ENGLISH }),
        400,
        'VALIDATION_FAILED',
      );
      expect(english.message).toBe('The input is not valid.');
    });

    it('refuses bad filters with the field in question', async () => {
      const cases: [Record<string, string>, string][] = [
        [{ status: 'won' }, 'querystring.status'],
        [{ from: 'yesterday' }, 'querystring.from'],
        [{ from: '2026-03-10T12:00:00Z', to: '2026-03-09T12:00:00Z' }, 'querystring.to'],
        [{ casinoIds: 'casino-a,no spaces allowed' }, 'querystring.casinoIds'],
        [{ limit: '0' }, 'querystring.limit'],
        [{ limit: '201' }, 'querystring.limit'],
        [{ roundId: 'r'.repeat(101) }, 'querystring.roundId'],
      ];
      for (const [query, path] of cases) {
        const body: ErrorBody = expectError(
          await ctx().inject({ method: 'GET', url: BASE, query }),
          400,
          'VALIDATION_FAILED',
        );
        expect(body.details?.map((detail) => detail.path.split('.').slice(0, 2).join('.'))).toContain(path);
      }
    });
  });

  describe('paging', () => {
    /**
     * 23 rounds over four casinos, many starting at the same instant (some to the microsecond only), and
     * one round id in several casinos.
     */
    const starts = [
      '2026-05-01T10:00:00.000Z',
      '2026-05-01T10:00:00.000Z',
      '2026-05-01T10:00:00.000Z',
      '2026-04-30T23:59:59.999Z',
      '2026-05-01T10:00:00.000100Z',
      '2026-05-01T10:00:00.000200Z',
    ];
    const casinos = ['casino-a', 'casino-b', 'casino-c', 'casino-d'];
    const rounds: StoredRound[] = Array.from({ length: 23 }, (_, index) => ({
      casinoId: casinos[index % casinos.length]!,
      roundId: index % 5 === 0 ? 'same-id' : `r-${String(index).padStart(2, '0')}`,
      integrationId: index % 2 === 0 ? 'int-1' : 'int-2',
      startedAt: starts[index % starts.length]!,
      playerId: 'pager',
      gameId: `game-${(index % 3) + 1}`,
      status: (index % 4 === 1 ? 'open' : index % 7 === 2 ? 'refunded' : 'completed') as RoundStatus,
    })).filter(
      // (casino, round id) is unique: drop the repeats of same-id within one casino.
      (round, index, all) =>
        all.findIndex((other) => other.casinoId === round.casinoId && other.roundId === round.roundId) ===
        index,
    );

    beforeAll(async () => {
      await clearRounds(ctx().database.db);
      await storeRounds(ctx().database.db, rounds);
    });

    /** Start to the microsecond, as comparable text. */
    const micro = (start: string) => start.replace(/\.(\d{3})Z$/, '.$1000Z');
    const expectedAll = [...rounds]
      .sort(
        (a, b) =>
          micro(b.startedAt).localeCompare(micro(a.startedAt)) ||
          (a.casinoId < b.casinoId ? -1 : a.casinoId > b.casinoId ? 1 : 0) ||
          (a.roundId < b.roundId ? -1 : a.roundId > b.roundId ? 1 : 0),
      )
      .map((round) => `${round.casinoId}/${round.roundId}`);

    async function walk(query: Record<string, string>, user?: SignedIn): Promise<string[][]> {
      const pages: string[][] = [];
      let after: string | undefined;
      for (let guard = 0; guard < 50; guard += 1) {
        const page = await search({ ...query, ...(after ? { after } : {}) }, user);
        pages.push(page.items.map(keyOf));
        if (page.next === null) return pages;
        after = page.next;
      }
      throw new Error('paging does not end');
    }

    it('orders by the start to the microsecond, then casino id, then round id', async () => {
      const all = await search({ limit: '200' });
      expect(all.items.map(keyOf)).toEqual(expectedAll);
      expect(all.next).toBeNull();
      // The newest rounds started 100 and 200 microseconds after the full second: shown to the millisecond.
      expect(all.items[0]!.startedAt).toBe('2026-05-01T10:00:00.000Z');
    });

    it('walks all rounds page by page in the order of one big page, without duplicates or gaps', async () => {
      for (const limit of [1, 2, 3, 4, 7, 19]) {
        const pages = await walk({ limit: String(limit) });
        expect(pages.flat(), `limit ${limit}`).toEqual(expectedAll);
        expect(pages.slice(0, -1).every((page) => page.length === limit)).toBe(true);
        // A last page that is exactly full says so: no empty page follows.
        expect(pages.at(-1)!.length).toBeGreaterThan(0);
      }
    });

    it('pages with filters and within a limited scope', async () => {
      const reader = await ctx().signIn('support', { casinoIds: ['casino-a'], integrationIds: ['int-2'] });
      const visible = new Set(
        rounds
          .filter((round) => round.casinoId !== 'casino-d')
          .filter((round) => round.casinoId === 'casino-a' || round.integrationId === 'int-2')
          .map((round) => `${round.casinoId}/${round.roundId}`),
      );
      const expected = expectedAll.filter((key) => visible.has(key));
      expect(expected.length).toBeGreaterThan(5);
      const query = { limit: '2', casinoIds: 'casino-a,casino-b,casino-c' };
      expect((await walk(query, reader)).flat()).toEqual(expected);
      expect((await walk({ limit: '3' }, reader)).flat()).toEqual(
        expectedAll.filter(
          (key) =>
            key.startsWith('casino-a/') ||
            rounds.find((r) => `${r.casinoId}/${r.roundId}` === key)!.integrationId === 'int-2',
        ),
      );
    });

    it('pages by several games, by a rare status and by integration as one big page would', async () => {
      const expectedOf = (keep: (round: StoredRound) => boolean) =>
        expectedAll.filter((key) => keep(rounds.find((r) => `${r.casinoId}/${r.roundId}` === key)!));
      const cases: [Record<string, string>, (round: StoredRound) => boolean][] = [
        [{ gameIds: 'game-1,game-3' }, (r) => r.gameId !== 'game-2'],
        [{ gameIds: 'game-2,game-2' }, (r) => r.gameId === 'game-2'],
        [{ status: 'open' }, (r) => r.status === 'open'],
        [
          { status: 'completed', gameIds: 'game-3' },
          (r) => r.status === 'completed' && r.gameId === 'game-3',
        ],
        [{ integrationIds: 'int-2' }, (r) => r.integrationId === 'int-2'],
        [
          { integrationIds: 'int-1', gameIds: 'game-1,game-2', status: 'refunded' },
          (r) => r.integrationId === 'int-1' && r.gameId !== 'game-3' && r.status === 'refunded',
        ],
      ];
      for (const [query, keep] of cases) {
        const expected = expectedOf(keep);
        expect(expected.length, JSON.stringify(query)).toBeGreaterThan(0);
        for (const limit of ['1', '2', '5']) {
          expect((await walk({ ...query, limit })).flat(), `${JSON.stringify(query)} by ${limit}`).toEqual(
            expected,
          );
        }
      }
    });

    it('continues after the cursor of a round that has gone, where that round would have been', async () => {
      const cursor = encodeCursor({
        startedAt: '2026-05-01T10:00:00.000000Z',
        casinoId: 'casino-b',
        roundId: 'r-zz',
      });
      const at = micro('2026-05-01T10:00:00.000Z');
      const expected = rounds
        .filter((round) => {
          const start = micro(round.startedAt);
          if (start !== at) return start < at;
          return round.casinoId > 'casino-b' || (round.casinoId === 'casino-b' && round.roundId > 'r-zz');
        })
        .map((round) => `${round.casinoId}/${round.roundId}`);
      const rest = await keys({ limit: '200', after: cursor });
      expect(rest).toEqual(expectedAll.filter((key) => expected.includes(key)));
      expect(rest.length).toBeGreaterThan(0);
      expect(rest.length).toBeLessThan(expectedAll.length);
    });
  });

  describe('ids with any characters', () => {
    // The database writes the search's answer as JSON text (decision 042): every text is quoted and escaped.
    const roundId = 'q"uote\\back\nline\ttab \u0001 ü 😀 </script>';
    beforeAll(async () => {
      await clearRounds(ctx().database.db);
      await storeRounds(ctx().database.db, [
        {
          casinoId: 'casino-"a"',
          roundId,
          integrationId: 'int-\\1',
          playerId: 'player\u2028 ${x}',
          gameId: "game-'1'",
          currency: 'EUR',
          debit: 9_007_199_254_740_991,
          startedAt: '2026-04-30T10:00:00.000500Z',
        },
      ]);
    });

    it('answers them as they are stored, as the round itself shows them', async () => {
      const response = await ctx().inject({ method: 'GET', url: BASE, query: { roundId } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const [found, ...others] = response.json<GameRoundPage>().items;
      expect(others).toEqual([]);
      const detail = await ctx().inject({
        method: 'GET',
        url: `${BASE}/${encodeURIComponent('casino-"a"')}/${encodeURIComponent(roundId)}`,
      });
      expect(detail.statusCode).toBe(200);
      const shown = detail.json<GameRoundDetail>();
      // Every field of the summary as the round's own page shows it (the detail is written field by field).
      expect(found).toEqual(
        Object.fromEntries(Object.keys(found!).map((key) => [key, shown[key as keyof GameRoundDetail]])),
      );
      expect(Object.keys(found!)).toHaveLength(13);
      expect(found).toMatchObject({
        casinoId: 'casino-"a"',
        roundId,
        integrationId: 'int-\\1',
        playerId: 'player\u2028 ${x}',
        gameId: "game-'1'",
        startedAt: '2026-04-30T10:00:00.000Z',
        debit: 9_007_199_254_740_991,
        providerRoundId: null,
      });
    });
  });

  describe('a start to the microsecond', () => {
    beforeAll(async () => {
      await clearRounds(ctx().database.db);
      await storeRounds(ctx().database.db, [
        {
          casinoId: 'casino-a',
          roundId: 'late',
          integrationId: 'int-1',
          startedAt: '2026-04-30T23:59:59.999900Z',
        },
      ]);
    });

    it('is shown cut to the millisecond, never rounded into the next second, and found by what is shown', async () => {
      const shown = '2026-04-30T23:59:59.999Z';
      const [found] = (await search({ roundId: 'late' })).items;
      expect(found!.startedAt).toBe(shown);
      const detail = await ctx().inject({ method: 'GET', url: `${BASE}/casino-a/late` });
      expect(detail.json<{ startedAt: string }>().startedAt).toBe(shown);
      expect(await keys({ from: shown, to: shown })).toEqual(['casino-a/late']);
      expect(await keys({ from: '2026-05-01T00:00:00.000Z' })).toEqual([]);
    });
  });
});
