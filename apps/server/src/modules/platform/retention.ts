/**
 * Retention per integration (spec §3 persistence settings), the daily job `retention`:
 *
 * - Game rounds older than the integration's rounds TTL are removed — only final ones (an unsettled round
 *   stays until it is settled), and with `persistGameRound` off after a week already (the time the
 *   platform may take to report a round again). The reports keep their figures: they read the rollups,
 *   which a removal does not touch, and a rebuild of the rollups leaves the days up to the integration's
 *   mark (`retention_marks`) as they are.
 * - The mark is moved before the first removal: the ingest leaves out a round that started before it and
 *   is no longer stored, so a round sent again after its removal is not counted twice.
 * - Round details (displayed outcome, funds, money split) of final lose, win and big-win rounds older than
 *   their TTLs are emptied. A big win is a win of at least the master data's multiple of the bet, or of its
 *   amount in euro (at the rate of the round's day).
 *
 * Work goes in small batches, each its own short transaction that skips rows another transaction holds
 * (`skip locked`), so the ingest never waits for it; a run stops after `maxBatches` and the next one goes on.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isoMs, rowsOf } from '../../lib/sql';

/** With persistGameRound off, rounds are removed once this old (the platform may report one again until). */
export const UNPERSISTED_ROUND_GRACE_DAYS = 7;

const FINAL = sql`g.status not in ('open', 'autoCloseFailed')`;
const HAS_DETAILS = sql`(g.displayed_outcome is not null or g.funds_at_start is not null
  or g.funds_at_end is not null or g.real_money is not null or g.bonus_money is not null
  or g.voucher_money is not null)`;

export interface RetentionOptions {
  batchSize?: number;
  /** Batches per run at most, over all integrations and kinds of work. */
  maxBatches?: number;
}

export interface RetentionSummary {
  roundsRemoved: number;
  detailsRemoved: number;
}

interface IntegrationRetention {
  id: string;
  persist_game_round: boolean;
  rounds_ttl: number | null;
  lose_ttl: number | null;
  win_ttl: number | null;
  big_win_ttl: number | null;
}

/** Affected rows of a statement, on node-postgres and PGlite. */
function affected(result: unknown): number {
  const counted = result as { rowCount?: number | null; affectedRows?: number };
  return counted.rowCount ?? counted.affectedRows ?? 0;
}

export async function runRetention(db: Db, options: RetentionOptions = {}): Promise<RetentionSummary> {
  const batchSize = options.batchSize ?? 2_000;
  let batchesLeft = options.maxBatches ?? 500;
  const summary: RetentionSummary = { roundsRemoved: 0, detailsRemoved: 0 };
  const integrations = rowsOf<IntegrationRetention>(
    await db.execute(sql`select id, (persistence->>'persistGameRound')::boolean as persist_game_round,
        (persistence->>'gameRoundTtlDays')::int as rounds_ttl,
        (persistence->>'loseDetailsTtlDays')::int as lose_ttl,
        (persistence->>'winDetailsTtlDays')::int as win_ttl,
        (persistence->>'bigWinDetailsTtlDays')::int as big_win_ttl
      from integrations order by id`),
  );
  const [settings] = rowsOf<{ multiple: string; min_eur: string | null }>(
    await db.execute(sql`select big_win_bet_multiple::text as multiple, big_win_min_eur::text as min_eur
      from global_settings where id = 1`),
  );
  // Amounts are minor units; euro amounts of the reports are minor units × rate (see rollups.ts).
  const bigWin = sql`(g.debit > 0 and g.total_win >= g.debit * ${settings?.multiple ?? '20'}::numeric
    ${
      settings?.min_eur
        ? sql`or g.total_win * (case when g.currency = 'EUR' then 1::numeric else (select r.rate_to_eur
            from fx_rates r where r.day = (g.started_at at time zone 'UTC')::date and r.currency = g.currency)
            end) >= ${settings.min_eur}::numeric * 100`
        : sql``
    })`;

  /** Runs `batch` until it touches fewer rows than a batch holds or the run's batches are used up. */
  async function inBatches(batch: () => Promise<number>): Promise<number> {
    let total = 0;
    while (batchesLeft > 0) {
      batchesLeft--;
      const count = await batch();
      total += count;
      if (count < batchSize) break;
    }
    return total;
  }

  for (const integration of integrations) {
    const roundDays =
      integration.persist_game_round === false
        ? Math.min(integration.rounds_ttl ?? Infinity, UNPERSISTED_ROUND_GRACE_DAYS)
        : integration.rounds_ttl;
    if (roundDays !== null) {
      const [cutoff] = rowsOf<{ at: string }>(
        await db.execute(sql`select ${isoMs(sql`now() - make_interval(days => ${roundDays}::int)`)} as at`),
      );
      await db.execute(sql`insert into retention_marks (integration_id, rounds_removed_before)
        values (${integration.id}, ${cutoff!.at}::timestamptz)
        on conflict (integration_id) do update
          set rounds_removed_before = greatest(retention_marks.rounds_removed_before, excluded.rounds_removed_before)`);
      summary.roundsRemoved += await inBatches(async () =>
        affected(
          await db.execute(sql`delete from game_rounds d using (
              select g.casino_id, g.round_id, g.started_at from game_rounds g
              where g.integration_id = ${integration.id} and g.started_at < ${cutoff!.at}::timestamptz
                and ${FINAL}
              limit ${batchSize} for update skip locked) doomed
            where d.casino_id = doomed.casino_id and d.round_id = doomed.round_id
              and d.started_at = doomed.started_at`),
        ),
      );
    }
    const kinds: [number | null, SQL][] = [
      [integration.lose_ttl, sql`g.total_win = 0`],
      [integration.win_ttl, sql`g.total_win > 0 and not ${bigWin}`],
      [integration.big_win_ttl, sql`g.total_win > 0 and ${bigWin}`],
    ];
    for (const [days, which] of kinds) {
      if (days === null) continue;
      summary.detailsRemoved += await inBatches(async () =>
        affected(
          await db.execute(sql`update game_rounds d set displayed_outcome = null, funds_at_start = null,
              funds_at_end = null, real_money = null, bonus_money = null, voucher_money = null
            from (
              select g.casino_id, g.round_id, g.started_at from game_rounds g
              where g.integration_id = ${integration.id}
                and g.started_at < now() - make_interval(days => ${days}::int)
                and ${FINAL} and ${HAS_DETAILS} and ${which}
              limit ${batchSize} for update skip locked) stale
            where d.casino_id = stale.casino_id and d.round_id = stale.round_id
              and d.started_at = stale.started_at`),
        ),
      );
    }
  }
  return summary;
}
