/**
 * A round's earlier states (game_rounds.history): whoever replaces a round's state — a newer report of the
 * platform or a support close — appends the state it replaces, so the round's timeline can show each one.
 */
import { sql, type SQL } from 'drizzle-orm';
import { isoMs } from '../../lib/sql';

/**
 * The history of the round `g` with its current state appended, for the SET list of an UPDATE (which reads
 * the row as it was before the update). Only the platform sets states that are ever replaced: a support
 * close makes the round final.
 */
export function historyAppended(): SQL {
  return sql`coalesce(g.history, '[]'::jsonb) || jsonb_build_array(jsonb_build_object(
    'status', g.status, 'at', ${isoMs(sql`g.updated_at`)}, 'receivedAt', ${isoMs(sql`g.received_at`)},
    'debit', g.debit, 'credit', g.credit, 'totalWin', g.total_win, 'source', 'platform'))`;
}
