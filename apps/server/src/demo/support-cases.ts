/**
 * Work for player support in the demo: per demo casino a known set of unsettled rounds that an agent can
 * close at once, and savegames with a game state to delete. The generator's own open rounds are scattered
 * by hash; these have fixed ids, players and amounts, and start relative to the seeding time and the
 * casino's game round validity period (the casino's, else the integration's, else the global default).
 *
 * Round ids are `support-<case>-<casinoId>`, e.g. for liberty-reels (USD, validity 30 days):
 *
 * | round id                                      | player        | started                | debit | credit | totalWin | refund  | book win |
 * | --------------------------------------------- | ------------- | ---------------------- | ----: | -----: | -------: | ------- | -------- |
 * | support-stuck-bet-liberty-reels               | player-000000 | 0.8 × validity ago    |   200 |      0 |        0 | 200     | refused  |
 * | support-stuck-win-liberty-reels               | player-000000 | 0.6 × validity ago    |   100 |      0 |     2450 | refused | 2450     |
 * | support-stuck-partly-paid-liberty-reels       | player-000001 | 0.9 × validity ago    |   500 |    400 |     1500 | refused | 1100     |
 * | support-stuck-free-round-liberty-reels        | player-000001 | 0.7 × validity ago    |     0 |      0 |        0 | refused | refused  |
 * | support-stuck-auto-close-failed-liberty-reels | player-000002 | validity + 1 day ago   |  1000 |      0 |        0 | 1000    | refused  |
 * | support-stale-bet-liberty-reels               | player-000002 | validity + 3 days ago  |   300 |      0 |        0 | (auto)  | refused  |
 * | support-recent-bet-liberty-reels              | player-000000 | 2 hours ago            |    50 |      0 |        0 | 50      | refused  |
 * | support-recent-win-liberty-reels              | player-000002 | 20 minutes ago         |   100 |      0 |      750 | refused | 750      |
 *
 * All are `open` but the auto-close-failed one (`autoCloseFailed`). The stale bet is past its validity
 * period: the auto-close job refunds it (as it does the generator's stale open rounds), so support finds
 * it closed (`autoClose`) soon after the start. Amounts are minor units of the casino's
 * currency, scaled like the generator's bets (×10 in SEK and NOK, ×5 in DKK). "Close without booking" is
 * possible for each. The rounds go in through the ingest service, as the platform would send them, so the
 * rollups stay exact.
 *
 * Savegames (the same games for every seed): player-000000 has two with a game state (restorable) and one
 * without (a soft delete took it already: only a hard delete is left); player-000001 has one with a state.
 * The games are the casino's first ones (its assigned games come first).
 */
import type { PlatformRound, RoundStatus } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../lib/sql';
import { createIngestService } from '../modules/platform/ingest.service';
import { playerIdOf } from './platform-data';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Used when neither casino, integration nor master data sets a validity period (the schema's default). */
const FALLBACK_VALIDITY_DAYS = 30;

export interface DemoSupportRound {
  case: string;
  /** Index of the player (`player-000000` is 0). */
  player: number;
  /**
   * Days past the validity period, a share of it (stuck), or milliseconds ago (recent). The open stuck
   * rounds stay within their validity period: past it, the auto-close job takes them.
   */
  started: { daysPastValidity: number } | { shareOfValidity: number } | { agoMs: number };
  status: Extract<RoundStatus, 'open' | 'autoCloseFailed'>;
  /** Minor units for a currency worth about a euro. */
  debit: number;
  credit: number;
  totalWin: number;
}

export const demoSupportRounds: readonly DemoSupportRound[] = [
  {
    case: 'stuck-bet',
    player: 0,
    started: { shareOfValidity: 0.8 },
    status: 'open',
    debit: 200,
    credit: 0,
    totalWin: 0,
  },
  {
    case: 'stuck-win',
    player: 0,
    started: { shareOfValidity: 0.6 },
    status: 'open',
    debit: 100,
    credit: 0,
    totalWin: 2450,
  },
  {
    case: 'stuck-partly-paid',
    player: 1,
    started: { shareOfValidity: 0.9 },
    status: 'open',
    debit: 500,
    credit: 400,
    totalWin: 1500,
  },
  {
    case: 'stuck-free-round',
    player: 1,
    started: { shareOfValidity: 0.7 },
    status: 'open',
    debit: 0,
    credit: 0,
    totalWin: 0,
  },
  {
    case: 'stuck-auto-close-failed',
    player: 2,
    started: { daysPastValidity: 1 },
    status: 'autoCloseFailed',
    debit: 1000,
    credit: 0,
    totalWin: 0,
  },
  {
    // Past its validity period: the auto-close job refunds it (its first run, or "run now" on the jobs
    // screen), and the round ends autoClose.
    case: 'stale-bet',
    player: 2,
    started: { daysPastValidity: 3 },
    status: 'open',
    debit: 300,
    credit: 0,
    totalWin: 0,
  },
  {
    case: 'recent-bet',
    player: 0,
    started: { agoMs: 2 * HOUR_MS },
    status: 'open',
    debit: 50,
    credit: 0,
    totalWin: 0,
  },
  {
    case: 'recent-win',
    player: 2,
    started: { agoMs: 20 * MINUTE_MS },
    status: 'open',
    debit: 100,
    credit: 0,
    totalWin: 750,
  },
];

export const demoSupportRoundId = (supportCase: string, casinoId: string) =>
  `support-${supportCase}-${casinoId}`;

/** Savegames per casino: [player index, index into the casino's games, with a game state, saved ago]. */
export const demoSupportSavegames: readonly {
  player: number;
  game: number;
  restorable: boolean;
  agoMs: number;
}[] = [
  { player: 0, game: 0, restorable: true, agoMs: 3 * HOUR_MS },
  { player: 0, game: 1, restorable: true, agoMs: 2 * DAY_MS },
  { player: 0, game: 2, restorable: false, agoMs: 9 * DAY_MS },
  { player: 1, game: 0, restorable: true, agoMs: 5 * HOUR_MS },
];

/** Minor units per euro-like unit, as the generator scales its bets. */
const FACTOR: Record<string, number> = { SEK: 10, NOK: 10, DKK: 5 };

export interface DemoSupportCasino {
  casinoId: string;
  integrationId: string;
  currency: string;
  /** The games the casino's players play, most played first; the first three are used. */
  games: string[];
}

/** The validity period in days of each casino: its own, else its integration's, else the global default. */
async function validityDays(db: Db, casinos: DemoSupportCasino[]): Promise<Map<string, number>> {
  const rows = rowsOf<{ casino_id: string; days: number | null }>(
    await db.execute(sql`
      select c.id as casino_id, coalesce(c.game_round_validity_period_days, i.game_round_validity_period_days,
        (select default_game_round_validity_period_days from global_settings where id = 1)) as days
      from json_to_recordset(${JSON.stringify(
        casinos.map(({ casinoId, integrationId }) => ({
          casino_id: casinoId,
          integration_id: integrationId,
        })),
      )}::json) as k(casino_id text, integration_id text)
      join casinos c on c.id = k.casino_id
      join integrations i on i.id = k.integration_id`),
  );
  return new Map(rows.map((row) => [row.casino_id, Number(row.days ?? FALLBACK_VALIDITY_DAYS)]));
}

/** The rounds of the known set for one casino, as the platform reports them. */
export function demoSupportRoundsOf(casino: DemoSupportCasino, validity: number, now: Date): PlatformRound[] {
  const factor = FACTOR[casino.currency] ?? 1;
  return demoSupportRounds.map((round, index) => {
    const ago =
      'agoMs' in round.started
        ? round.started.agoMs
        : 'shareOfValidity' in round.started
          ? validity * round.started.shareOfValidity * DAY_MS
          : (validity + round.started.daysPastValidity) * DAY_MS;
    // Whole seconds: the same times however the instant of seeding falls.
    const startedAt = new Date(Math.floor((now.getTime() - ago) / 1000) * 1000);
    const debit = round.debit * factor;
    const roundId = demoSupportRoundId(round.case, casino.casinoId);
    return {
      roundId,
      providerRoundId: `demo-${roundId}`,
      casinoId: casino.casinoId,
      playerId: playerIdOf(round.player),
      gameId: casino.games[index % Math.min(3, casino.games.length)]!,
      startedAt: startedAt.toISOString(),
      // The platform's last report of the round: the win was shown a few seconds after the start.
      updatedAt: new Date(startedAt.getTime() + (round.totalWin > 0 ? 4_000 : 1_000)).toISOString(),
      status: round.status,
      currency: casino.currency,
      debit,
      credit: round.credit * factor,
      totalWin: round.totalWin * factor,
      fundsAtStart: 25_000 * factor,
      moneySplit: { real: debit, bonus: 0, voucher: 0 },
      displayedOutcome: {
        reels: round.totalWin > 0 ? ['WILD', '7', '7', '7', 'A'] : ['K', '10', 'BAR', 'Q', 'J'],
        winLines: round.totalWin > 0 ? 1 : 0,
      },
    };
  });
}

export interface DemoSupportCasesResult {
  /** Rounds inserted. */
  rounds: number;
  /** Savegames written, and of them those that were new (the others replaced one of the generator's). */
  savegames: number;
  newSavegames: number;
}

/**
 * Sends the known rounds through the ingest service and writes the savegames (the last report wins, as
 * for the platform's). The players must exist (the generator's). Returns what was written.
 */
export async function seedDemoSupportCases(
  db: Db,
  casinos: DemoSupportCasino[],
  now: Date,
): Promise<DemoSupportCasesResult> {
  const usable = casinos.filter((casino) => casino.games.length > 0);
  if (usable.length === 0) return { rounds: 0, savegames: 0, newSavegames: 0 };
  const validity = await validityDays(db, usable);
  const ingest = createIngestService(db);
  let rounds = 0;
  for (const casino of usable) {
    const days = validity.get(casino.casinoId) ?? FALLBACK_VALIDITY_DAYS;
    const result = await ingest.ingestRounds(casino.integrationId, demoSupportRoundsOf(casino, days, now));
    rounds += result.inserted;
  }

  // A casino with fewer than three games gets fewer savegames (one per player and game).
  const byKey = new Map<string, Record<string, unknown>>();
  const entries = usable.flatMap((casino) =>
    demoSupportSavegames.map((savegame, index) => {
      const savedAt = new Date(Math.floor((now.getTime() - savegame.agoMs) / 1000) * 1000).toISOString();
      return {
        casino_id: casino.casinoId,
        player_id: playerIdOf(savegame.player),
        game_id: casino.games[savegame.game % casino.games.length]!,
        integration_id: casino.integrationId,
        saved_at: savedAt,
        state: savegame.restorable
          ? { level: 7 + 3 * index, freeSpinsLeft: 4 - index, collected: [index, 2, 5] }
          : null,
        data: { clientVersion: '1.2.0', device: index % 2 === 0 ? 'mobile' : 'desktop' },
      };
    }),
  );
  for (const entry of entries) {
    const key = `${entry.casino_id}\u0000${entry.player_id}\u0000${entry.game_id}`;
    if (!byKey.has(key)) byKey.set(key, entry);
  }
  const savegames = [...byKey.values()];
  const written = rowsOf<{ inserted: boolean }>(
    await db.execute(sql`
      insert into savegames as s (casino_id, player_id, game_id, integration_id, saved_at, state, data,
        created_at, updated_at)
      select casino_id, player_id, game_id, integration_id, saved_at, state, data, saved_at, saved_at
      from json_to_recordset(${JSON.stringify(savegames)}::json) as r(casino_id text, player_id text,
        game_id text, integration_id text, saved_at timestamptz, state jsonb, data jsonb)
      order by casino_id, player_id, game_id
      on conflict (casino_id, player_id, game_id) do update set integration_id = excluded.integration_id,
        saved_at = excluded.saved_at, state = excluded.state, data = excluded.data,
        updated_at = excluded.updated_at
      returning (xmax = 0) as inserted`),
  );
  return {
    rounds,
    savegames: written.length,
    newSavegames: written.filter((row) => row.inserted).length,
  };
}
