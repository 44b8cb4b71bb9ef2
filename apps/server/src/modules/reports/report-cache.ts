/**
 * Money report answers kept in memory until what they show changes (decision 040). Staff open the same
 * reports again and again (the GGR of the last 90 days, last month's casinos) while the rollups under them
 * change only when rounds arrive or master data changes, and most arriving rounds are of today; summing the
 * rollups again costs milliseconds of both cores, checking that nothing changed one short statement.
 *
 * Exact, on every instance: every transaction that writes the rollups, or the names and RTPs a report
 * shows, notes its id and the days it changed in report_data_changes (triggers, migration 0019). An answer
 * is kept with the database snapshot taken before it was read and the days it covers; it is still true
 * while every noted transaction with a change in those days that has committed since was visible in that
 * snapshot. A transaction still running when the answer was read, and committed later, makes it stale.
 * Pruning the notes (housekeeping) makes every answer older than the prune stale as well: it can no longer
 * be checked.
 */
import type { ReportFilter } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Scope } from '../../lib/scope';
import { statementOnce } from '../../lib/sql';
import type { ReportsService } from './reports.service';

/** How much a cache keeps at most: answers, and their size as JSON in characters (about bytes). */
export interface ReportCacheLimits {
  entries: number;
  characters: number;
}

export const REPORT_CACHE_LIMITS: ReportCacheLimits = { entries: 500, characters: 32_000_000 };

/** The days a report covers, yyyy-MM-dd, `to` included. */
export interface ReportDays {
  from: string;
  to: string;
}

interface Entry {
  /** The snapshot (pg_snapshot as text) taken before the answer was read. */
  snapshot: string;
  answer: unknown;
  characters: number;
}

/**
 * The current snapshot, and whether an answer of the days `from`–`to` read after `kept` is still true: no
 * noted transaction with a change in those days that `kept` could not see has committed, and the notes it
 * would need are not pruned. One statement, one snapshot; its two texts built once (`statementOnce`).
 */
function stateSql(checked: boolean) {
  if (!checked) return sql`select pg_current_snapshot()::text as snapshot, false as fresh`;
  const kept = sql`${sql.placeholder('kept')}::pg_snapshot`;
  const since = sql`pg_snapshot_xmin(${kept})::text::bigint`;
  return sql`select pg_current_snapshot()::text as snapshot,
    ${since} >= coalesce((select below from report_data_pruned), ${Number.MAX_SAFE_INTEGER})
    and not exists (
      select 1 from report_data_changes
      where xid >= ${since} and not pg_visible_in_snapshot(xid::text::xid8, ${kept})
        and first_day <= ${sql.placeholder('to')}::date and last_day >= ${sql.placeholder('from')}::date
    ) as fresh`;
}

export interface ReportCache {
  /**
   * The answer kept under `key` while nothing in `days` changed; otherwise `read()`'s, kept for the next
   * time.
   */
  answer<Answer>(key: string, days: ReportDays, read: () => Promise<Answer>): Promise<Answer>;
}

export function createReportCache(db: Db, limits: ReportCacheLimits = REPORT_CACHE_LIMITS): ReportCache {
  // In order of use, the least recently used first.
  const entries = new Map<string, Entry>();
  let characters = 0;

  function forget(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    characters -= entry.characters;
  }

  function keep(key: string, entry: Entry): void {
    forget(key);
    if (entry.characters > limits.characters) return;
    entries.set(key, entry);
    characters += entry.characters;
    for (const [oldest] of entries) {
      if (entries.size <= limits.entries && characters <= limits.characters) break;
      forget(oldest);
    }
  }

  return {
    async answer<Answer>(key: string, days: ReportDays, read: () => Promise<Answer>): Promise<Answer> {
      if (limits.entries <= 0) return read();
      const kept = entries.get(key);
      const checked = kept !== undefined;
      const [state] = await statementOnce<{ snapshot: string; fresh: boolean }>(
        db,
        checked ? 'report state' : 'report snapshot',
        () => stateSql(checked),
      ).execute(checked ? { kept: kept.snapshot, from: days.from, to: days.to } : {});
      if (kept && state!.fresh) {
        // Used again: now the most recently used (unless a newer answer took its place meanwhile).
        if (entries.get(key) === kept) {
          entries.delete(key);
          entries.set(key, kept);
        }
        return kept.answer as Answer;
      }
      // Frozen through and through: requests share it, and its text is made once (app.ts).
      const answer = frozen(await read());
      keep(key, { snapshot: state!.snapshot, answer, characters: JSON.stringify(answer).length });
      return answer;
    },
  };
}

/** What a report's answer depends on of the reader: everything, or their casinos and integrations. */
function scopeKey(scope: Scope): unknown {
  return scope.unlimited ? 'all' : [[...scope.casinoIds].sort(), [...scope.integrationIds].sort()];
}

/**
 * The reports service with each money report's answer kept per report, filter and scope while what it
 * shows is unchanged; the player CSV is not a kept answer.
 */
export function keptReports(service: ReportsService, cache: ReportCache): ReportsService {
  const kept =
    <Answer>(report: string, read: (filter: ReportFilter, scope: Scope) => Promise<Answer>) =>
    (filter: ReportFilter, scope: Scope) =>
      cache.answer(JSON.stringify([report, filter, scopeKey(scope)]), filter, () => read(filter, scope));
  return {
    ggr: kept('ggr', service.ggr),
    casinoPerformance: kept('casinoPerformance', service.casinoPerformance),
    gamePerformance: kept('gamePerformance', service.gamePerformance),
    integrationGamePerformance: kept('integrationGamePerformance', service.integrationGamePerformance),
  };
}

/** `value` and everything in it made unchangeable. */
function frozen<Value>(value: Value): Value {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * Forgets the notes of transactions that ended before this one began, and records where it pruned: the
 * answers read before then are read again. Run by housekeeping.
 */
export async function pruneReportDataChanges(db: Db): Promise<void> {
  await db.execute(sql`
    with horizon as (select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as below),
    pruned as (delete from report_data_changes where xid < (select below from horizon))
    update report_data_pruned set below = (select below from horizon)`);
}
