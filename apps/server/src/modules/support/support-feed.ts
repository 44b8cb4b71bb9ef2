/**
 * The feed of support actions the game platform reads (architecture §7, docs/platform-api.md), like an
 * outbox: each action is appended in the transaction that does it, at the next position of its
 * integration. The position comes from the integration's cursor row, updated under a row lock that is held
 * until commit, so positions are gapless and a reader never sees position n+1 committed before n.
 */
import type { SupportAction, SupportFeed } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isoMs, rowsOf } from '../../lib/sql';

export type NewSupportAction = Omit<SupportAction, 'position' | 'happenedAt'>;

/** Appends an action to its integration's feed; call it inside the transaction that does the action. */
export async function appendSupportAction(
  tx: Db,
  integrationId: string,
  action: NewSupportAction,
): Promise<number> {
  const [cursor] = rowsOf<{ position: string | number }>(
    await tx.execute(sql`
      insert into support_feed_cursors as c (integration_id, last_position) values (${integrationId}, 1)
      on conflict (integration_id) do update set last_position = c.last_position + 1
      returning c.last_position as position`),
  );
  const position = Number(cursor!.position);
  await tx.execute(sql`
    insert into support_feed (integration_id, position, kind, casino_id, player_id, round_id, started_at,
      status, booking, amount, currency, bridge_booking_id, game_id, deletion, reason)
    values (${integrationId}, ${position}, ${action.kind}, ${action.casinoId}, ${action.playerId},
      ${action.roundId}, ${action.startedAt}, ${action.status}, ${action.booking}, ${action.amount},
      ${action.currency}, ${action.bridgeBookingId}, ${action.gameId}, ${action.deletion}, ${action.reason})`);
  return position;
}

interface FeedRow {
  position: string | number;
  kind: SupportAction['kind'];
  happened_at: string;
  casino_id: string;
  player_id: string;
  round_id: string | null;
  started_at: string | null;
  status: SupportAction['status'];
  booking: SupportAction['booking'];
  amount: string | number | null;
  currency: string | null;
  bridge_booking_id: string | null;
  game_id: string | null;
  deletion: SupportAction['deletion'];
  reason: string;
}

/** The integration's actions after the acknowledged position, oldest first. */
export async function readSupportFeed(db: Db, integrationId: string, limit: number): Promise<SupportFeed> {
  const acknowledged = await acknowledgedPosition(db, integrationId);
  const rows = rowsOf<FeedRow>(
    await db.execute(sql`
      select position, kind, ${isoMs('happened_at')} as happened_at, casino_id, player_id, round_id,
        ${isoMs('started_at')} as started_at, status, booking, amount, currency, bridge_booking_id,
        game_id, deletion, reason
      from support_feed
      where integration_id = ${integrationId} and position > ${acknowledged}
      order by position
      limit ${limit}`),
  );
  return {
    acknowledged,
    items: rows.map((row) => ({
      position: Number(row.position),
      kind: row.kind,
      happenedAt: row.happened_at,
      casinoId: row.casino_id,
      playerId: row.player_id,
      roundId: row.round_id,
      startedAt: row.started_at,
      status: row.status,
      booking: row.booking,
      amount: row.amount === null ? null : Number(row.amount),
      currency: row.currency,
      bridgeBookingId: row.bridge_booking_id,
      gameId: row.game_id,
      deletion: row.deletion,
      reason: row.reason,
    })),
  };
}

async function acknowledgedPosition(db: Db, integrationId: string): Promise<number> {
  const [row] = rowsOf<{ acknowledged: string | number }>(
    await db.execute(
      sql`select acknowledged from support_feed_cursors where integration_id = ${integrationId}`,
    ),
  );
  return row ? Number(row.acknowledged) : 0;
}

/**
 * Records that the platform applied everything up to `upTo`. Acknowledging less than before changes
 * nothing (a late or repeated acknowledgement); acknowledging what was never handed out is refused.
 */
export async function acknowledgeSupportFeed(db: Db, integrationId: string, upTo: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ last_position: string | number; acknowledged: string | number }>(
      await tx.execute(sql`select last_position, acknowledged from support_feed_cursors
        where integration_id = ${integrationId} for update`),
    );
    const last = row ? Number(row.last_position) : 0;
    const acknowledged = row ? Number(row.acknowledged) : 0;
    if (upTo > last) {
      throw new AppError('VALIDATION_FAILED', [
        { path: 'body.upTo', message: `the feed has no position ${upTo} yet (last is ${last})` },
      ]);
    }
    if (upTo <= acknowledged) return acknowledged;
    await tx.execute(sql`update support_feed_cursors set acknowledged = ${upTo}, acknowledged_at = now()
      where integration_id = ${integrationId}`);
    return upTo;
  });
}
