/**
 * tools/platform-traffic --live against the real app and the real bridge simulator: while the tool sends
 * live rounds, a support agent closes one of the rounds the tool holds open (refund, booked by the
 * simulator) and soft-deletes a savegame the tool holds; the tool learns both from the support feed,
 * never finishes the closed round, clears the savegame's state, and acknowledges both. The feed client
 * reads the server's answers with the contract's schema, so a mismatch between the two fails here.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridgeSimulator, type BridgeSimulator } from '../../../../tools/bridge-simulator/simulator';
import { PlatformView } from '../../../../tools/platform-traffic/platform-view';
import { SupportFeedClient } from '../../../../tools/platform-traffic/support-feed';
import { sendTraffic } from '../../../../tools/platform-traffic/traffic';
import { rowsOf } from '../lib/sql';
import { createTestApp, type SignedIn } from '../test/app';
import { testEngines } from '../test/databases';
import { apiKeyFor, seedPlatformFixture } from '../test/platform';
import { expectRollupsExact } from '../test/rollups';

const SECRET = 'traffic-feed-secret';
const CASINO = 'feed-casino';
const INTEGRATION = 'feed-int';
const GAME = 'feed-game';

for (const engine of testEngines) {
  describe(`platform traffic reading the support feed of the real app [${engine}]`, () => {
    let ctx: Awaited<ReturnType<typeof createTestApp>>;
    let simulator: BridgeSimulator;
    let agent: SignedIn;
    let url: string;
    let key: string;

    const db = () => ctx.database.db;
    const query = async <Row>(statement: ReturnType<typeof sql>) =>
      rowsOf<Row>(await db().execute(statement));
    const cursor = async () => {
      const [row] = await query<{ last_position: number; acknowledged: number }>(sql`
        select last_position::int, acknowledged::int from support_feed_cursors
        where integration_id = ${INTEGRATION}`);
      return { last: Number(row?.last_position ?? 0), acknowledged: Number(row?.acknowledged ?? 0) };
    };

    beforeAll(async () => {
      simulator = await startBridgeSimulator({ secret: SECRET });
      ctx = await createTestApp(
        engine,
        {},
        { closures: { bridgeClient: { connectTimeoutMs: 500, requestTimeoutMs: 2_000 } } },
      );
      await ctx.app.listen({ host: '127.0.0.1', port: 0 });
      url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
      await seedPlatformFixture(db(), {
        casinos: [CASINO],
        integrations: { [INTEGRATION]: [CASINO] },
        games: { [GAME]: 96 },
      });
      await db().execute(sql`update bridges set router_url = ${simulator.url}, secret = ${SECRET}
        where id = (select bridge_id from casinos where id = ${CASINO})`);
      key = await apiKeyFor(db(), INTEGRATION);
      agent = await ctx.signIn('support', { casinoIds: [CASINO] });
    });

    afterAll(async () => {
      await ctx?.close();
      await simulator?.close();
    });

    it('drops the round support closed, clears the deleted savegame’s state and acknowledges both', async () => {
      const view = new PlatformView();
      const lines: string[] = [];
      const stop = new AbortController();
      const running = sendTraffic({
        url,
        key,
        casinos: [CASINO],
        currencies: ['EUR'],
        games: [GAME],
        live: { ratePerSecond: 30 },
        playersPerCasino: 5,
        seed: 13,
        signal: stop.signal,
        log: (line) => lines.push(line),
        supportFeed: { everyMs: 100, view },
      });

      // A round the tool holds open, stored open by the back office.
      let target: { round_id: string; player_id: string; debit: number } | undefined;
      await expect
        .poll(
          async () => {
            const open = await query<{ round_id: string; player_id: string; debit: number }>(sql`
              select round_id, player_id, debit::float8 as debit from game_rounds
              where casino_id = ${CASINO} and status = 'open' order by started_at`);
            target = open.find((row) => view.isOpen(CASINO, row.round_id));
            return target;
          },
          { timeout: 10_000 },
        )
        .toBeDefined();
      const roundId = target!.round_id;
      const closed = await agent.inject({
        method: 'POST',
        url: `/api/support/rounds/${CASINO}/${roundId}/close`,
        payload: { booking: 'refund', reason: 'Stuck after a disconnect', confirmation: roundId },
      });
      expect(closed.statusCode, closed.body).toBe(200);

      // A savegame the tool's player has (saved a minute ago), soft-deleted by support.
      const savedAt = new Date(Date.now() - 60_000).toISOString();
      const saved = view.save(
        { casinoId: CASINO, playerId: target!.player_id, gameId: GAME, updatedAt: savedAt },
        { level: 5, freeSpinsLeft: 1 },
      );
      const ingested = await ctx.app.inject({
        method: 'POST',
        url: '/api/platform/v1/savegames',
        headers: { authorization: `Bearer ${key}` },
        payload: { savegames: [saved] },
      });
      expect(ingested.statusCode, ingested.body).toBe(200);
      const deleted = await agent.inject({
        method: 'POST',
        url: `/api/support/players/${CASINO}/${target!.player_id}/savegames/${GAME}/delete`,
        payload: { mode: 'soft', reason: 'Player asked for a fresh start', confirmation: GAME },
      });
      expect(deleted.statusCode, deleted.body).toBe(200);

      await expect.poll(cursor, { timeout: 10_000 }).toEqual({ last: 2, acknowledged: 2 });
      stop.abort();
      const result = await running;

      expect(result).toMatchObject({ supportActions: 2, dropped: 1 });
      expect(result.updates).toBe(result.rounds - 1);
      expect(lines).toContainEqual(
        `support #1: round ${roundId} of ${CASINO}/${target!.player_id} closed ` +
          `(manualClose, refund ${target!.debit} EUR): dropped: this run no longer finishes it`,
      );
      expect(lines).toContainEqual(
        `support #2: savegame ${GAME} of ${CASINO}/${target!.player_id} deleted (soft): ` +
          'game state cleared: the next save starts the game over',
      );
      expect(view.savegame(CASINO, target!.player_id, GAME)?.state).toBeNull();
      // The round stays as support closed it, booked once; every other round of the run was finished.
      const [stored] = await query<{ status: string; bet_returned: boolean }>(sql`
        select status, bet_returned from game_rounds where casino_id = ${CASINO} and round_id = ${roundId}`);
      expect(stored).toEqual({ status: 'manualClose', bet_returned: true });
      expect(simulator.bookings().filter((booking) => booking.roundId === roundId)).toHaveLength(1);
      const [open] = await query<{ n: number }>(sql`
        select count(*)::int as n from game_rounds where casino_id = ${CASINO} and status = 'open'`);
      expect(Number(open!.n)).toBe(0);
      await expectRollupsExact(db());

      // Nothing comes again once acknowledged; the client reads the real answers with the contract.
      const client = new SupportFeedClient({ url, key });
      expect(await client.read()).toEqual({ items: [], acknowledged: 2 });
      expect(await client.acknowledge(1)).toBe(2);
      await expect(client.acknowledge(3)).rejects.toMatchObject({ status: 400 });
    }, 60_000);
  });
}
