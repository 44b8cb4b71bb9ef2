/**
 * Closing an open round (spec §4, architecture §7): refund the bet, book the total win, or close without
 * booking — exactly once, whatever the bridge does.
 *
 * 1. One transaction locks the round, checks that it can be closed this way, stores the close with its
 *    idempotency key and the booking's body, and marks the round (`closure_id`). A second close of the
 *    round waits for that lock and is then refused; the platform's reports leave a marked round alone.
 * 2. Each attempt claims the close (attempt count, next automatic retry, a bridge-call event) and calls
 *    the bridge with the stored key and body — never a new key for the same close.
 * 3. The bridge's answer decides: booked (or replayed) → the transaction that closes the round (status
 *    manualClose, rollups, audit, significant event, support feed); rejected (422) → the close is over and
 *    the round open again, so a new close is a new attempt with a new key; anything else (timeout,
 *    connection lost, 5xx) → the outcome is unknown and the close stays pending, retried with the same key
 *    by the agent and automatically with back-off until the bridge answers.
 */
import { randomUUID } from 'node:crypto';
import {
  CLOSE_RETRY_DELAYS_MS,
  bridgeBookingRequestSchema,
  bridgePaths,
  hasPermission,
  isFinalStatus,
  type BridgeBookingRequest,
  type CloseBooking,
  type CloseRoundInput,
  type ErrorCode,
  type RoundClosure,
  type RoundStatus,
  type SupportRound,
  type TimelineEntry,
} from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { RoundHistoryEntry } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { notFoundIn, UNLIMITED, type Scope } from '../../lib/scope';
import { openSecret } from '../../lib/sealed-secrets';
import type { SecretBox } from '../../lib/secret-box';
import { isoMs, rowsOf } from '../../lib/sql';
import type { Principal } from '../../plugins/access';
import type { Actor } from '../audit/audit.service';
import { recordAudit } from '../audit/audit.service';
import { BridgeCallError, createBridgeClient, type BridgeClientOptions } from '../bridges/bridge-client';
import { scopeCondition, type GameRoundsRepository } from '../game-rounds/game-rounds.repository';
import { historyAppended } from '../platform/round-history';
import { applyContributions, lockRatesShared, RollupChanges } from '../platform/rollups';
import { createSignificantEventsRepository } from '../significant-events/significant-events.repository';
import { appendSupportAction } from './support-feed';

export interface ClosuresServiceOptions {
  /** Tests shorten the bridge client's timeouts. */
  bridgeClient?: BridgeClientOptions;
  /** Opens the bridges' sealed secrets to sign a booking (issue 15); the app always passes its box. */
  secrets?: SecretBox;
}

/** How an attempt came about: the close itself, an agent's retry, or the automatic retry. */
type Trigger = 'request' | 'retry' | 'automatic';

interface LockedRound {
  casino_id: string;
  round_id: string;
  started_at: string;
  integration_id: string;
  player_id: string;
  game_id: string;
  currency: string;
  status: RoundStatus;
  debit: number;
  credit: number;
  total_win: number;
  closure_id: string | null;
}

interface ClosureRow {
  id: string;
  casino_id: string;
  round_id: string;
  started_at: string;
  integration_id: string;
  player_id: string;
  bridge_id: string | null;
  booking: CloseBooking;
  state: RoundClosure['state'];
  amount: number;
  currency: string;
  idempotency_key: string | null;
  request: BridgeBookingRequest | null;
  reason: string;
  requested_by_name: string | null;
  requested_at: string;
  finished_at: string | null;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  bridge_booking_id: string | null;
  kind: ClosureKind;
}

/** Who closes: support (the round ends manualClose) or the auto-close job (autoClose). */
type ClosureKind = 'support' | 'auto';

const roundColumns = sql`g.casino_id, g.round_id, ${isoMs('g.started_at')} as started_at, g.integration_id,
  g.player_id, g.game_id, g.currency, g.status, g.debit::float8 as debit, g.credit::float8 as credit,
  g.total_win::float8 as total_win, g.closure_id`;

const closureColumns = sql`c.id, c.casino_id, c.round_id, ${isoMs('c.started_at')} as started_at,
  c.integration_id, c.player_id, c.bridge_id, c.booking, c.state, c.amount::float8 as amount, c.currency,
  c.idempotency_key, c.request, c.reason, c.requested_by_name, ${isoMs('c.requested_at')} as requested_at,
  ${isoMs('c.finished_at')} as finished_at, c.attempts, ${isoMs('c.next_attempt_at')} as next_attempt_at,
  c.last_error, c.bridge_booking_id, c.kind`;

/** The round (the newest with this id in its casino), locked until the transaction ends. */
async function lockRound(tx: Db, casinoId: string, roundId: string, scope: Scope) {
  const [row] = rowsOf<LockedRound>(
    await tx.execute(sql`select ${roundColumns} from game_rounds g
      where g.casino_id = ${casinoId} and g.round_id = ${roundId} and ${scopeCondition(scope)}
      order by g.started_at desc limit 1
      for update of g`),
  );
  return row;
}

async function lockRoundOf(tx: Db, closure: Pick<ClosureRow, 'casino_id' | 'round_id' | 'started_at'>) {
  const [row] = rowsOf<LockedRound>(
    await tx.execute(sql`select ${roundColumns} from game_rounds g
      where g.casino_id = ${closure.casino_id} and g.round_id = ${closure.round_id}
        and g.started_at = ${closure.started_at}::timestamptz
      for update of g`),
  );
  return row;
}

async function readClosure(tx: Db, id: string, lock = false) {
  const [row] = rowsOf<ClosureRow>(
    await tx.execute(
      sql`select ${closureColumns} from round_closures c where c.id = ${id} ${lock ? sql`for update` : sql``}`,
    ),
  );
  return row;
}

interface Choice {
  allowed: boolean;
  reason: ErrorCode | null;
  amount: number;
}

/** What each booking type would book now, and if it is not possible, why. */
export function choicesOf(
  round: Pick<LockedRound, 'status' | 'closure_id' | 'debit' | 'credit' | 'total_win'>,
) {
  const blocked: ErrorCode | null = isFinalStatus(round.status)
    ? 'ROUND_NOT_OPEN'
    : round.closure_id !== null
      ? 'ROUND_CLOSE_IN_PROGRESS'
      : null;
  const choice = (amount: number, problem: ErrorCode | null): Choice => {
    const reason = blocked ?? problem;
    return { allowed: reason === null, reason, amount };
  };
  const winLeft = round.total_win - round.credit;
  return {
    // Once the player has won anything, the bet is not given back.
    refund: choice(
      round.debit,
      round.total_win > 0 || round.credit > 0
        ? 'REFUND_AFTER_WIN'
        : round.debit <= 0
          ? 'NO_BET_TO_REFUND'
          : null,
    ),
    win: choice(Math.max(winLeft, 0), winLeft <= 0 ? 'NO_WIN_TO_BOOK' : null),
    none: choice(0, null),
  } satisfies Record<CloseBooking, Choice>;
}

function toClosure(row: ClosureRow): RoundClosure {
  return {
    id: row.id,
    booking: row.booking,
    state: row.state,
    amount: Number(row.amount),
    currency: row.currency,
    idempotencyKey: row.idempotency_key,
    reason: row.reason,
    requestedBy: row.requested_by_name,
    automatic: row.kind === 'auto',
    requestedAt: row.requested_at,
    finishedAt: row.finished_at,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    bridgeBookingId: row.bridge_booking_id,
  };
}

const roundEntity = (closure: Pick<ClosureRow, 'casino_id' | 'round_id'>) =>
  `${closure.casino_id}/${closure.round_id}`;

async function addAction(tx: Db, closureId: string, action: string, by: Actor | null) {
  await tx.execute(sql`insert into round_closure_events (closure_id, kind, action, actor_name)
    values (${closureId}, 'action', ${action}, ${by?.name ?? null})`);
}

/** The component of the significant events that auto-close records. */
const AUTO_CLOSE_COMPONENT = 'auto-close';

/**
 * A round's validity period in days (spec §3): its casino's, else its integration's, else the global
 * default. Needs the round's casino as `c` and its integration as `i`.
 */
export const validityDaysSql = sql`coalesce(c.game_round_validity_period_days, i.game_round_validity_period_days,
  (select default_game_round_validity_period_days from global_settings where id = 1))`;

/** Why an auto-close could not book the refund, for the significant event and the audit trail. */
const AUTO_CLOSE_PROBLEMS: Partial<Record<ErrorCode, string>> = {
  REFUND_AFTER_WIN: 'the round has a win, so its bet is not refunded',
  NO_BET_TO_REFUND: 'the round has no bet to refund',
  BRIDGE_NOT_FOUND: "the casino's bridge is not known",
  VALIDATION_FAILED: 'the round cannot be booked through the bridge protocol',
  BRIDGE_BOOKING_REJECTED: 'the operator refused the refund',
};

/** What one auto-close run did. */
export interface AutoCloseSummary {
  /** Open rounds past their validity period that this run looked at. */
  found: number;
  /** Refunded and closed (autoClose). */
  closed: number;
  /** Refund sent, outcome unknown: pending, retried with its key. */
  pending: number;
  /** Ended autoCloseFailed (refund not possible or refused, or its retries used up). */
  failed: number;
}

/**
 * Gives the locked round a new state set by the back office (a close, a failed auto-close): its previous
 * state goes to the history, and the rollups move from the old figures to the new ones in this transaction.
 */
async function moveRound(
  tx: Db,
  round: LockedRound,
  next: { status: RoundStatus; credit: number; betReturned: boolean },
) {
  await tx.execute(sql`update game_rounds g set status = ${next.status}, credit = ${next.credit},
      bet_returned = ${next.betReturned}, updated_at = now(), received_at = now(), history = ${historyAppended()}
    where g.casino_id = ${round.casino_id} and g.round_id = ${round.round_id}
      and g.started_at = ${round.started_at}::timestamptz`);
  const before = {
    casinoId: round.casino_id,
    startedAt: round.started_at,
    gameId: round.game_id,
    currency: round.currency,
    status: round.status,
    debit: round.debit,
    credit: round.credit,
  };
  const rows = new RollupChanges()
    .add(before, round.integration_id, -1)
    .add({ ...before, ...next }, round.integration_id)
    .rows();
  await lockRatesShared(tx, rows);
  await applyContributions(tx, rows);
}

/** The booking request of a close, checked against the bridge protocol; null for a close without booking. */
function bookingRequestOf(
  round: LockedRound,
  booking: CloseBooking,
  amount: number,
  reason: string,
): BridgeBookingRequest | null {
  if (booking === 'none') return null;
  const request: BridgeBookingRequest = {
    casinoId: round.casino_id,
    playerId: round.player_id,
    roundId: round.round_id,
    currency: round.currency,
    amountMinor: amount,
    reason,
  };
  if (!bridgeBookingRequestSchema.safeParse(request).success) {
    throw new AppError('VALIDATION_FAILED', [
      { path: 'round', message: 'the round cannot be booked through the bridge protocol (its ids)' },
    ]);
  }
  return request;
}

/**
 * Stores a close of the locked round (its key and booking body) and marks the round, in the caller's
 * transaction: after this, only the stored booking can close the round.
 */
async function openClosure(
  tx: Db,
  round: LockedRound,
  close: { id: string; booking: CloseBooking; amount: number; reason: string; kind: ClosureKind },
  actor: Actor | null,
): Promise<ClosureRow> {
  const [casino] = rowsOf<{ bridge_id: string }>(
    await tx.execute(sql`select bridge_id from casinos where id = ${round.casino_id}`),
  );
  if (close.booking !== 'none' && !casino) throw new AppError('BRIDGE_NOT_FOUND');
  const key = close.booking === 'none' ? null : `close-${close.id}`;
  const request = bookingRequestOf(round, close.booking, close.amount, close.reason);
  await tx.execute(sql`insert into round_closures (id, casino_id, round_id, started_at, integration_id,
      player_id, bridge_id, booking, state, amount, currency, idempotency_key, request, reason,
      requested_by, requested_by_name, next_attempt_at, kind)
    values (${close.id}, ${round.casino_id}, ${round.round_id}, ${round.started_at}::timestamptz,
      ${round.integration_id}, ${round.player_id}, ${casino?.bridge_id ?? null}, ${close.booking}, 'pending',
      ${close.amount}, ${round.currency}, ${key}, ${request === null ? null : JSON.stringify(request)}::jsonb,
      ${close.reason}, ${actor?.id ?? null}, ${actor?.name ?? null},
      ${request === null ? null : nextAttemptAfter(1)}::timestamptz, ${close.kind})`);
  await tx.execute(sql`update game_rounds set closure_id = ${close.id}
    where casino_id = ${round.casino_id} and round_id = ${round.round_id}
      and started_at = ${round.started_at}::timestamptz`);
  await addAction(tx, close.id, 'close-requested', actor);
  await recordAudit(tx, {
    actor,
    entityType: 'game-round',
    entityId: roundEntity(round),
    action: 'close-requested',
    before: { status: round.status },
    after: {
      booking: close.booking,
      amount: close.amount,
      currency: round.currency,
      idempotencyKey: key,
      reason: close.reason,
      ...(close.kind === 'auto' ? { automatic: true } : {}),
    },
  });
  return (await readClosure(tx, close.id))!;
}

/** When the next automatic retry is due after `attempts` calls; null once the back-off is used up. */
function nextAttemptAfter(attempts: number): string | null {
  const delay = CLOSE_RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(Date.now() + delay).toISOString();
}

export function createClosuresService(
  db: Db,
  rounds: GameRoundsRepository,
  options: ClosuresServiceOptions = {},
) {
  const bridgeClient = createBridgeClient(options.bridgeClient);
  const significantEvents = createSignificantEventsRepository();

  /**
   * Closes the locked round as the close says (in the caller's transaction): status manualClose, the
   * booked win credited or the bet returned, the rollups moved, and the close audited, recorded as a
   * significant event and put on the platform's feed.
   */
  async function closeRound(
    tx: Db,
    round: LockedRound,
    closure: ClosureRow,
    bookingId: string | null,
    by: Actor | null,
  ) {
    const credit = closure.booking === 'win' ? round.credit + Number(closure.amount) : round.credit;
    const betReturned = closure.booking === 'refund';
    const status: RoundStatus = closure.kind === 'auto' ? 'autoClose' : 'manualClose';
    await moveRound(tx, round, { status, credit, betReturned });
    await tx.execute(sql`update round_closures set state = 'closed', finished_at = now(),
        next_attempt_at = null, last_error = null, bridge_booking_id = ${bookingId}
      where id = ${closure.id}`);
    await addAction(tx, closure.id, 'closed', by);
    const booked = { booking: closure.booking, amount: Number(closure.amount), currency: closure.currency };
    await recordAudit(tx, {
      actor: by,
      entityType: 'game-round',
      entityId: roundEntity(closure),
      action: 'close',
      before: { status: round.status, credit: round.credit },
      after: { status, credit, ...booked, bridgeBookingId: bookingId, reason: closure.reason },
    });
    const what =
      closure.booking === 'none'
        ? 'without operator booking'
        : `with ${closure.booking === 'refund' ? 'a refund of the bet' : 'a booking of the total win'} (${booked.amount} ${booked.currency} minor units)`;
    // A close by support is a significant event; the job's routine refunds are not (each is audited, and
    // the ones it cannot book are events of their own) — unless an agent finished one by a retry.
    if (closure.kind === 'support' || by !== null) {
      const who = closure.kind === 'auto' ? 'automatically, retried by support,' : 'by support';
      await significantEvents.insert(tx, {
        happenedAt: new Date().toISOString(),
        reason: `Game round ${closure.round_id} of casino ${closure.casino_id} closed ${who} ${what}: ${closure.reason}`,
        component: closure.kind === 'auto' ? AUTO_CLOSE_COMPONENT : 'player support',
        userName: closure.requested_by_name,
        beforeValue: round.status,
        afterValue: status,
        casinoId: closure.casino_id,
        createdBy: by?.id ?? null,
        createdByName: by?.name ?? null,
      });
    }
    await appendSupportAction(tx, closure.integration_id, {
      kind: 'round-closed',
      casinoId: closure.casino_id,
      playerId: closure.player_id,
      roundId: closure.round_id,
      startedAt: closure.started_at,
      status,
      booking: closure.booking,
      amount: booked.amount,
      currency: closure.currency,
      bridgeBookingId: bookingId,
      gameId: null,
      deletion: null,
      reason: closure.reason,
    });
  }

  /**
   * Ends an auto-close that cannot book: the round becomes autoCloseFailed (still unsettled, so support
   * can close it by hand), recorded as a significant event and in the audit trail.
   */
  async function failAutoClose(tx: Db, round: LockedRound, problem: string) {
    await moveRound(tx, round, { status: 'autoCloseFailed', credit: round.credit, betReturned: false });
    await recordAudit(tx, {
      actor: null,
      entityType: 'game-round',
      entityId: roundEntity(round),
      action: 'auto-close-failed',
      before: { status: round.status },
      after: { status: 'autoCloseFailed', problem },
    });
    await significantEvents.insert(tx, {
      happenedAt: new Date().toISOString(),
      reason: `Game round ${round.round_id} of casino ${round.casino_id} could not be closed automatically: ${problem}`,
      component: AUTO_CLOSE_COMPONENT,
      userName: null,
      beforeValue: round.status,
      afterValue: 'autoCloseFailed',
      casinoId: round.casino_id,
      createdBy: null,
      createdByName: null,
    });
  }

  /** Claims the next attempt of a pending close: counts it and records the bridge call about to be made. */
  async function claim(closureId: string, trigger: Trigger, by: Actor | null) {
    return db.transaction(async (tx) => {
      const closure = await readClosure(tx, closureId, true);
      if (closure?.state !== 'pending' || !closure.request || !closure.idempotency_key) return undefined;
      // Another instance took this automatic retry already.
      if (
        trigger === 'automatic' &&
        (!closure.next_attempt_at || Date.parse(closure.next_attempt_at) > Date.now())
      ) {
        return undefined;
      }
      const attempts = closure.attempts + 1;
      const nextAttempt = nextAttemptAfter(attempts);
      await tx.execute(sql`update round_closures set attempts = ${attempts},
          next_attempt_at = ${nextAttempt}::timestamptz
        where id = ${closureId}`);
      if (trigger === 'retry') await addAction(tx, closureId, 'close-retried', by);
      const path = bridgePaths.booking(closure.booking === 'refund' ? 'refund' : 'win');
      const [event] = rowsOf<{ id: string }>(
        await tx.execute(sql`insert into round_closure_events (closure_id, kind, request, outcome)
          values (${closureId}, 'bridge-call', ${JSON.stringify({
            method: 'POST',
            path,
            idempotencyKey: closure.idempotency_key,
            body: closure.request,
          })}::jsonb, 'in-flight')
          returning id`),
      );
      const [bridge] = rowsOf<{ router_url: string; secret: string }>(
        await tx.execute(sql`select router_url, secret from bridges where id = ${closure.bridge_id}`),
      );
      return { closure, eventId: event!.id, bridge, retriesUsedUp: nextAttempt === null };
    });
  }

  async function recordCall(
    tx: Db,
    eventId: string,
    call: { outcome: string; status: number | null; body: unknown; error: string | null; durationMs: number },
  ) {
    await tx.execute(sql`update round_closure_events set outcome = ${call.outcome},
        answer_status = ${call.status}, answer_body = ${call.body === null ? null : JSON.stringify(call.body)}::jsonb,
        error = ${call.error}, duration_ms = ${call.durationMs}
      where id = ${eventId}`);
  }

  /**
   * One attempt of a pending close's booking. Resolves once the round is closed (by this attempt or by
   * another one that got there first); throws the bridge's error otherwise — a rejection after ending the
   * close, any other failure leaving it pending.
   */
  async function attempt(closureId: string, trigger: Trigger, by: Actor | null): Promise<void> {
    const claimed = await claim(closureId, trigger, by);
    if (!claimed) {
      if (trigger === 'retry') throw new AppError('ROUND_CLOSE_NOT_PENDING');
      return;
    }
    const { closure, eventId, bridge, retriesUsedUp } = claimed;
    const started = Date.now();
    if (!bridge) {
      await db.transaction(async (tx) => {
        await recordCall(tx, eventId, {
          outcome: 'unknown',
          status: null,
          body: null,
          error: 'BRIDGE_NOT_FOUND',
          durationMs: 0,
        });
        await tx.execute(
          sql`update round_closures set last_error = 'BRIDGE_NOT_FOUND' where id = ${closureId}`,
        );
      });
      throw new AppError('BRIDGE_NOT_FOUND');
    }
    const request = closure.request!;
    const key = closure.idempotency_key!;
    try {
      // Opened here: a secret this instance cannot open leaves the booking pending, as a failed call does.
      const target = { routerUrl: bridge.router_url, secret: openSecret(options.secrets, bridge.secret) };
      const result =
        closure.booking === 'refund'
          ? await bridgeClient.refund(target, request, key)
          : await bridgeClient.bookWin(target, request, key);
      await db.transaction(async (tx) => {
        await recordCall(tx, eventId, {
          outcome: result.replayed ? 'replayed' : 'booked',
          status: result.replayed ? 200 : 201,
          body: result.booking,
          error: null,
          durationMs: Date.now() - started,
        });
        const round = await lockRoundOf(tx, closure);
        const current = await readClosure(tx, closureId, true);
        // Another attempt closed it already: this answer is the same booking, replayed.
        if (!round || current?.state !== 'pending') return;
        await closeRound(tx, round, current, result.booking.bookingId, by);
      });
    } catch (error) {
      const failure = error instanceof BridgeCallError ? error : undefined;
      const code: ErrorCode = failure?.code ?? (error instanceof AppError ? error.code : 'INTERNAL');
      const rejected = code === 'BRIDGE_BOOKING_REJECTED';
      await db.transaction(async (tx) => {
        await recordCall(tx, eventId, {
          outcome: rejected ? 'rejected' : 'unknown',
          status: failure?.bridgeStatus ?? null,
          body: failure?.bridgeCode ? { code: failure.bridgeCode } : null,
          error: code,
          durationMs: Date.now() - started,
        });
        if (!rejected) {
          await tx.execute(
            sql`update round_closures set last_error = ${code} where id = ${closureId} and state = 'pending'`,
          );
          // An auto-close whose outcome stays unknown goes to support; its booking stays pending with its
          // key, so that the only way on is a retry of the same booking.
          if (closure.kind === 'auto' && retriesUsedUp) {
            const round = await lockRoundOf(tx, closure);
            if (round?.status === 'open') {
              await failAutoClose(
                tx,
                round,
                `the refund's outcome is unknown after ${closure.attempts + 1} attempts (${code}); it stays pending and can be retried with its key`,
              );
            }
          }
          return;
        }
        const round = await lockRoundOf(tx, closure);
        const current = await readClosure(tx, closureId, true);
        if (current?.state !== 'pending') return;
        // The operator refused the booking: nothing was booked, the round is open again.
        await tx.execute(sql`update round_closures set state = 'rejected', finished_at = now(),
            next_attempt_at = null, last_error = ${code}
          where id = ${closureId}`);
        if (round?.closure_id === closureId) {
          await tx.execute(sql`update game_rounds set closure_id = null
            where casino_id = ${round.casino_id} and round_id = ${round.round_id}
              and started_at = ${round.started_at}::timestamptz`);
        }
        await addAction(tx, closureId, 'close-rejected', by);
        if (closure.kind === 'auto' && round?.status === 'open') {
          await failAutoClose(tx, round, AUTO_CLOSE_PROBLEMS.BRIDGE_BOOKING_REJECTED!);
        }
        await recordAudit(tx, {
          actor: by,
          entityType: 'game-round',
          entityId: roundEntity(closure),
          action: 'close-rejected',
          before: { closure: 'pending' },
          after: { closure: 'rejected', booking: closure.booking, error: code },
        });
      });
      throw error;
    }
  }

  /** A round the scope does not find: audited as refused when it exists beyond the scope (lib/scope.ts). */
  function roundNotFound(tx: Db, scope: Scope, casinoId: string, roundId: string): Promise<AppError> {
    return notFoundIn(scope, 'RECORD_NOT_FOUND', { type: 'game-round', id: `${casinoId}/${roundId}` }, () =>
      rounds.find(tx, casinoId, roundId, UNLIMITED),
    );
  }

  /** The round as support sees it: details, the close, the choices and the timeline. */
  async function view(
    casinoId: string,
    roundId: string,
    reader: Pick<Principal, 'role' | 'scope'>,
  ): Promise<SupportRound> {
    const round = await rounds.find(db, casinoId, roundId, reader.scope);
    if (!round) throw await roundNotFound(db, reader.scope, casinoId, roundId);
    const [stored] = rowsOf<{
      history: RoundHistoryEntry[] | null;
      closure_id: string | null;
      updated_at: string;
      received_at: string;
    }>(
      await db.execute(sql`select history, closure_id, ${isoMs('updated_at')} as updated_at,
          ${isoMs('received_at')} as received_at
        from game_rounds where casino_id = ${casinoId} and round_id = ${roundId}
          and started_at = ${round.startedAt}::timestamptz`),
    );
    const closures = rowsOf<ClosureRow>(
      await db.execute(sql`select ${closureColumns} from round_closures c
        where c.casino_id = ${casinoId} and c.round_id = ${roundId} and c.started_at = ${round.startedAt}::timestamptz
        order by c.requested_at`),
    );
    const events = rowsOf<{
      closure_id: string;
      at: string;
      kind: 'action' | 'bridge-call';
      action: string | null;
      actor_name: string | null;
      request: { method: string; path: string; idempotencyKey: string; body: unknown } | null;
      outcome: string | null;
      answer_status: number | null;
      answer_body: unknown;
      error: string | null;
      duration_ms: number | null;
    }>(
      await db.execute(sql`select e.closure_id, ${isoMs('e.at')} as at, e.kind, e.action, e.actor_name,
          e.request, e.outcome, e.answer_status, e.answer_body, e.error, e.duration_ms
        from round_closure_events e join round_closures c on c.id = e.closure_id
        where c.casino_id = ${casinoId} and c.round_id = ${roundId} and c.started_at = ${round.startedAt}::timestamptz
        order by e.at, e.id`),
    );
    const byId = new Map(closures.map((closure) => [closure.id, closure]));
    const active = stored?.closure_id ? byId.get(stored.closure_id) : undefined;
    const shown = active ?? closures.at(-1);
    const closedBySupport = active?.state === 'closed';
    const timeline: TimelineEntry[] = [
      ...(stored?.history ?? []).map((state): TimelineEntry => ({
        kind: 'state',
        ...state,
        receivedAt: state.receivedAt ?? null,
      })),
      {
        kind: 'state' as const,
        at: stored?.updated_at ?? round.updatedAt,
        receivedAt: stored?.received_at ?? null,
        status: round.status,
        debit: round.debit,
        credit: round.credit,
        totalWin: round.totalWin,
        source: closedBySupport ? ('support' as const) : ('platform' as const),
      },
      ...events.map((event): TimelineEntry => {
        const closure = byId.get(event.closure_id)!;
        if (event.kind === 'action') {
          const requested = event.action === 'close-requested';
          return {
            kind: 'action',
            at: event.at,
            action: event.action as 'close-requested',
            booking: closure.booking,
            by: event.actor_name,
            reason: requested ? closure.reason : null,
          };
        }
        return {
          kind: 'bridge-call',
          at: event.at,
          durationMs: event.duration_ms,
          request: event.request ?? { method: 'POST', path: '', idempotencyKey: '', body: null },
          outcome: (event.outcome ?? 'unknown') as 'unknown',
          answer:
            event.outcome === 'in-flight'
              ? null
              : { status: event.answer_status, body: event.answer_body ?? null, error: event.error },
        };
      }),
    ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    const choices = choicesOf({
      status: round.status,
      closure_id: stored?.closure_id ?? null,
      debit: round.debit,
      credit: round.credit,
      total_win: round.totalWin,
    });
    return {
      round,
      closure: shown ? toClosure(shown) : null,
      choices,
      mayAct: hasPermission(reader.role, 'playerSupportActions'),
      timeline,
    };
  }

  return {
    view,

    /** Closes an open round with one booking type; see the file's comment for how. */
    async close(
      casinoId: string,
      roundId: string,
      input: CloseRoundInput,
      principal: Pick<Principal, 'role' | 'scope'>,
      actor: Actor | null,
    ): Promise<SupportRound> {
      if (input.confirmation.trim() === '') throw new AppError('ROUND_ID_REQUIRED');
      if (input.confirmation !== roundId) throw new AppError('CONFIRMATION_MISMATCH');
      const closure = await db.transaction(async (tx) => {
        const round = await lockRound(tx, casinoId, roundId, principal.scope);
        if (!round) throw await roundNotFound(tx, principal.scope, casinoId, roundId);
        const choice = choicesOf(round)[input.booking];
        if (!choice.allowed) throw new AppError(choice.reason!);
        const stored = await openClosure(
          tx,
          round,
          {
            id: randomUUID(),
            booking: input.booking,
            amount: choice.amount,
            reason: input.reason,
            kind: 'support',
          },
          actor,
        );
        if (input.booking === 'none') await closeRound(tx, round, stored, null, actor);
        return stored;
      });
      if (closure.booking !== 'none') await attempt(closure.id, 'request', actor);
      return view(casinoId, roundId, principal);
    },

    /** Sends a pending close's booking again, with its key. */
    async retry(
      casinoId: string,
      roundId: string,
      principal: Pick<Principal, 'role' | 'scope'>,
      actor: Actor | null,
    ): Promise<SupportRound> {
      const round = await rounds.find(db, casinoId, roundId, principal.scope);
      if (!round) throw await roundNotFound(db, principal.scope, casinoId, roundId);
      const [pending] = rowsOf<{ id: string }>(
        await db.execute(sql`select id from round_closures where casino_id = ${casinoId} and round_id = ${roundId}
          and started_at = ${round.startedAt}::timestamptz and state = 'pending'`),
      );
      if (!pending) throw new AppError('ROUND_CLOSE_NOT_PENDING');
      await attempt(pending.id, 'retry', actor);
      return view(casinoId, roundId, principal);
    },

    /**
     * Retries the pending bookings whose automatic retry is due (at most `limit`), one after the other;
     * safe on any number of instances at once (each attempt is claimed under a row lock). Answers how many
     * were tried.
     */
    async retryDue(limit = 20): Promise<number> {
      const due = rowsOf<{ id: string }>(
        await db.execute(sql`select id from round_closures
          where state = 'pending' and next_attempt_at is not null and next_attempt_at <= now()
          order by next_attempt_at limit ${limit}`),
      );
      for (const { id } of due) {
        await attempt(id, 'automatic', null).catch(() => undefined);
      }
      return due.length;
    },

    /**
     * Auto-close (spec §3, §4): refunds each open round older than its validity period (at most `limit`,
     * oldest first) through the same exactly-once path as support's closes, ending autoClose; a round whose
     * refund is not possible or is refused ends autoCloseFailed. Safe on any number of instances at once:
     * each round is taken under its row lock, and only while it is open and unmarked.
     */
    async autoCloseStale(limit = 200): Promise<AutoCloseSummary> {
      const [bound] = rowsOf<{ days: number | null }>(
        await db.execute(sql`select least(
            (select min(game_round_validity_period_days) from casinos),
            (select min(game_round_validity_period_days) from integrations),
            (select default_game_round_validity_period_days from global_settings where id = 1)) as days`),
      );
      const summary: AutoCloseSummary = { found: 0, closed: 0, pending: 0, failed: 0 };
      if (bound?.days === null || bound?.days === undefined) return summary;
      const stale = rowsOf<{ casino_id: string; round_id: string; started_at: string; days: number }>(
        await db.execute(sql`select g.casino_id, g.round_id, ${isoMs('g.started_at')} as started_at,
            ${validityDaysSql} as days
          from game_rounds g
          left join casinos c on c.id = g.casino_id
          left join integrations i on i.id = g.integration_id
          where g.status = 'open' and g.closure_id is null
            and g.started_at < now() - make_interval(days => ${Number(bound.days)}::int)
            and g.started_at < now() - make_interval(days => ${validityDaysSql})
          order by g.started_at
          limit ${limit}`),
      );
      summary.found = stale.length;
      for (const candidate of stale) {
        const closureId = randomUUID();
        const taken = await db.transaction(async (tx) => {
          const round = await lockRoundOf(tx, candidate);
          if (round?.status !== 'open' || round.closure_id !== null) return 'skipped';
          const refund = choicesOf(round).refund;
          if (!refund.allowed) {
            await failAutoClose(tx, round, AUTO_CLOSE_PROBLEMS[refund.reason!] ?? refund.reason!);
            return 'failed';
          }
          try {
            const reason = `Automatic close: open for more than ${candidate.days} days (validity period)`;
            await openClosure(
              tx,
              round,
              { id: closureId, booking: 'refund', amount: refund.amount, reason, kind: 'auto' },
              null,
            );
          } catch (error) {
            // Refused before anything was written (no bridge, ids the protocol cannot carry).
            if (!(error instanceof AppError)) throw error;
            await failAutoClose(tx, round, AUTO_CLOSE_PROBLEMS[error.code] ?? error.code);
            return 'failed';
          }
          return 'requested';
        });
        if (taken === 'failed') summary.failed++;
        if (taken !== 'requested') continue;
        await attempt(closureId, 'request', null).catch(() => undefined);
        const [outcome] = rowsOf<{ state: string; status: string }>(
          await db.execute(sql`select c.state, g.status from round_closures c
            join game_rounds g on g.casino_id = c.casino_id and g.round_id = c.round_id and g.started_at = c.started_at
            where c.id = ${closureId}`),
        );
        if (outcome?.state === 'closed') summary.closed++;
        else if (outcome?.state === 'pending' && outcome.status === 'open') summary.pending++;
        else summary.failed++;
      }
      return summary;
    },
  };
}

export type ClosuresService = ReturnType<typeof createClosuresService>;
