/**
 * game_rounds is partitioned by month of the rounds' start. A month's partition is created the first time
 * a round of it arrives (and ahead of time by `ensureComingPartitions`); each server remembers the months
 * it has seen, so a batch normally costs no extra query.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

const known = new WeakMap<Db, Set<string>>();

/** Makes sure the partitions for the months of these instants exist. */
export async function ensurePartitions(db: Db, instants: Iterable<string>): Promise<void> {
  let seen = known.get(db);
  if (!seen) known.set(db, (seen = new Set()));
  const months = new Set<string>();
  for (const instant of instants) {
    // ISO UTC instants (as the ingest normalises them) name their month in their first seven characters.
    const month =
      instant.endsWith('Z') && instant.length >= 20
        ? instant.slice(0, 7)
        : new Date(instant).toISOString().slice(0, 7);
    months.add(`${month}-01`);
  }
  for (const month of [...months].sort()) {
    if (seen.has(month)) continue;
    await db.execute(sql`select ensure_game_rounds_partition(${month}::date)`);
    seen.add(month);
  }
}

/** The current month's partition and the next `monthsAhead` ones (run at start and daily). */
export async function ensureComingPartitions(db: Db, monthsAhead = 2, now = new Date()): Promise<void> {
  const months: string[] = [];
  for (let offset = 0; offset <= monthsAhead; offset += 1) {
    months.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString());
  }
  await ensurePartitions(db, months);
}
