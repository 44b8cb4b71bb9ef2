/**
 * An in-memory stand-in for support's rounds (/api/support/rounds/:casinoId/:roundId): a round with its
 * close, choices and timeline; closing it (refund, win, none) behind the server's checks, and retrying a
 * pending booking. The bridge answers as `bridge` says: booked, a timeout or lost connection (the close
 * stays pending, the answer is the error), or a rejection (the round is open again). Rounds are those of
 * the game-round fake it is given.
 */
import {
  closeRoundInputSchema,
  hasPermission,
  type CloseBooking,
  type ErrorCode,
  type GameRoundDetail,
  type Role,
  type RoundClosure,
  type SupportRound,
  type TimelineEntry,
} from '@backoffice/contracts';
import type { FakeGameRoundsApi } from './fake-game-rounds-api';
import { errorResponse, jsonResponse, type RecordedRequest } from './fetch';

export const SUPPORT_ROUNDS = '/api/support/rounds';

/** How the bridge answers the bookings sent to it. */
export type BridgeBehaviour = 'book' | 'timeout' | 'unreachable' | 'reject';

const RETRY_DELAY_MS = 10_000;
const FAILURE: Record<Exclude<BridgeBehaviour, 'book'>, ErrorCode> = {
  timeout: 'BRIDGE_TIMEOUT',
  unreachable: 'BRIDGE_UNREACHABLE',
  reject: 'BRIDGE_BOOKING_REJECTED',
};

const key = (casinoId: string, roundId: string) => `${casinoId}\u0000${roundId}`;
const unsettled = (round: GameRoundDetail) => round.status === 'open' || round.status === 'autoCloseFailed';

export class FakeRoundClosures {
  readonly closures = new Map<string, RoundClosure>();
  /** Entries beyond the round's first state (set by a test, or written by closes). */
  readonly timelines = new Map<string, TimelineEntry[]>();
  bridge: BridgeBehaviour = 'book';
  private bookings = 0;

  constructor(
    private readonly rounds: FakeGameRoundsApi,
    private readonly role: Role,
  ) {}

  setClosure(
    casinoId: string,
    roundId: string,
    closure: Partial<RoundClosure> & Pick<RoundClosure, 'state'>,
  ) {
    const round = this.find(casinoId, roundId)!;
    this.closures.set(key(casinoId, roundId), {
      id: '00000000-0000-4000-8000-000000000001',
      booking: 'refund',
      amount: round.debit,
      currency: round.currency,
      idempotencyKey: 'close-key-0',
      reason: 'stuck',
      requestedBy: 'support',
      automatic: false,
      requestedAt: '2025-03-02T09:00:00.000Z',
      finishedAt: null,
      attempts: 1,
      nextAttemptAt: null,
      lastError: null,
      bridgeBookingId: null,
      ...closure,
    });
  }

  addTimeline(casinoId: string, roundId: string, ...entries: TimelineEntry[]) {
    this.timelineOf(casinoId, roundId).push(...entries);
  }

  /** The answer to a request under SUPPORT_ROUNDS. */
  handle({ method, url, body }: RecordedRequest): Response {
    const [casinoId = '', roundId = '', action] = url.pathname
      .slice(SUPPORT_ROUNDS.length + 1)
      .split('/')
      .map((part) => decodeURIComponent(part));
    const round = this.find(casinoId, roundId);
    if (!round) return errorResponse('RECORD_NOT_FOUND');
    if (method === 'GET' && action === undefined) return jsonResponse(200, this.supportRound(round));
    if (method !== 'POST') return errorResponse('METHOD_NOT_ALLOWED');
    if (!hasPermission(this.role, 'playerSupportActions')) return errorResponse('NO_PERMISSION');
    if (action === 'close') return this.close(round, body);
    if (action === 'retry') return this.retry(round);
    return errorResponse('NOT_FOUND');
  }

  private find(casinoId: string, roundId: string): GameRoundDetail | undefined {
    return this.rounds.rounds.find((round) => round.casinoId === casinoId && round.roundId === roundId);
  }

  private timelineOf(casinoId: string, roundId: string): TimelineEntry[] {
    let entries = this.timelines.get(key(casinoId, roundId));
    if (!entries) {
      entries = [];
      this.timelines.set(key(casinoId, roundId), entries);
    }
    return entries;
  }

  private choices(round: GameRoundDetail): SupportRound['choices'] {
    const winLeft = round.totalWin - round.credit;
    const refundBlock: ErrorCode | null =
      round.totalWin > 0 ? 'REFUND_AFTER_WIN' : round.debit === 0 ? 'NO_BET_TO_REFUND' : null;
    return {
      refund: { allowed: refundBlock === null, reason: refundBlock, amount: round.debit },
      win: {
        allowed: winLeft > 0,
        reason: winLeft > 0 ? null : 'NO_WIN_TO_BOOK',
        amount: Math.max(winLeft, 0),
      },
      none: { allowed: true, reason: null, amount: 0 },
    };
  }

  private supportRound(round: GameRoundDetail): SupportRound {
    const first: TimelineEntry = {
      kind: 'state',
      at: round.startedAt,
      receivedAt: null,
      status: 'open',
      debit: round.debit,
      credit: 0,
      totalWin: 0,
      source: 'platform',
    };
    return {
      round,
      closure: this.closures.get(key(round.casinoId, round.roundId)) ?? null,
      choices: this.choices(round),
      mayAct: hasPermission(this.role, 'playerSupportActions'),
      timeline: [first, ...this.timelineOf(round.casinoId, round.roundId)],
    };
  }

  private close(round: GameRoundDetail, body: unknown): Response {
    const parsed = closeRoundInputSchema.safeParse(body);
    if (!parsed.success) return errorResponse('VALIDATION_FAILED');
    const { booking, reason, confirmation } = parsed.data;
    if (confirmation !== round.roundId) return errorResponse('CONFIRMATION_MISMATCH');
    const current = this.closures.get(key(round.casinoId, round.roundId));
    if (current?.state === 'pending') return errorResponse('ROUND_CLOSE_IN_PROGRESS');
    if (!unsettled(round)) return errorResponse('ROUND_NOT_OPEN');
    const choice = this.choices(round)[booking];
    if (!choice.allowed) return errorResponse(choice.reason as ErrorCode);

    const now = new Date().toISOString();
    this.bookings += 1;
    const closure: RoundClosure = {
      id: `00000000-0000-4000-8000-${String(this.bookings).padStart(12, '0')}`,
      booking,
      state: 'pending',
      amount: choice.amount,
      currency: round.currency,
      idempotencyKey: booking === 'none' ? null : `close-key-${this.bookings}`,
      reason,
      requestedBy: this.role,
      automatic: false,
      requestedAt: now,
      finishedAt: null,
      attempts: 0,
      nextAttemptAt: null,
      lastError: null,
      bridgeBookingId: null,
    };
    this.closures.set(key(round.casinoId, round.roundId), closure);
    this.action(round, 'close-requested', booking, reason);
    if (booking === 'none') {
      this.finish(round, closure);
      return jsonResponse(200, this.supportRound(round));
    }
    return this.book(round, closure);
  }

  private retry(round: GameRoundDetail): Response {
    const closure = this.closures.get(key(round.casinoId, round.roundId));
    if (closure?.state !== 'pending') return errorResponse('ROUND_CLOSE_NOT_PENDING');
    this.action(round, 'close-retried', closure.booking, null);
    return this.book(round, closure);
  }

  private action(
    round: GameRoundDetail,
    action: Extract<TimelineEntry, { kind: 'action' }>['action'],
    booking: CloseBooking,
    reason: string | null,
  ) {
    const at = new Date().toISOString();
    this.timelineOf(round.casinoId, round.roundId).push({
      kind: 'action',
      at,
      action,
      booking,
      by: this.role,
      reason,
    });
  }

  /** One call to the bridge with the closure's key, answered as `bridge` says. */
  private book(round: GameRoundDetail, closure: RoundClosure): Response {
    closure.attempts += 1;
    const at = new Date().toISOString();
    const behaviour = this.bridge;
    const call = {
      kind: 'bridge-call' as const,
      at,
      durationMs: 42,
      request: {
        method: 'POST',
        path: `/bookings/${closure.booking}`,
        idempotencyKey: closure.idempotencyKey!,
        body: { roundId: round.roundId, amount: closure.amount, currency: closure.currency },
      },
    };
    const timeline = this.timelineOf(round.casinoId, round.roundId);
    if (behaviour === 'book') {
      const bookingId = `bk-${closure.attempts}`;
      timeline.push({
        ...call,
        outcome: 'booked',
        answer: { status: 200, body: { bookingId }, error: null },
      });
      closure.bridgeBookingId = bookingId;
      this.finish(round, closure);
      return jsonResponse(200, this.supportRound(round));
    }
    const code = FAILURE[behaviour];
    closure.lastError = code;
    if (behaviour === 'reject') {
      const answer = { status: 422, body: { error: 'player account closed' }, error: code };
      timeline.push({ ...call, outcome: 'rejected', answer });
      closure.state = 'rejected';
      closure.finishedAt = at;
      this.action(round, 'close-rejected', closure.booking, null);
    } else {
      timeline.push({ ...call, outcome: 'unknown', answer: { status: null, body: null, error: code } });
      closure.nextAttemptAt = new Date(Date.now() + RETRY_DELAY_MS).toISOString();
    }
    return errorResponse(code);
  }

  private finish(round: GameRoundDetail, closure: RoundClosure) {
    const at = new Date().toISOString();
    closure.state = 'closed';
    closure.finishedAt = at;
    closure.nextAttemptAt = null;
    closure.lastError = null;
    round.status = 'manualClose';
    this.action(round, 'closed', closure.booking, null);
    this.timelineOf(round.casinoId, round.roundId).push({
      kind: 'state',
      at,
      receivedAt: null,
      status: 'manualClose',
      debit: round.debit,
      credit: round.credit,
      totalWin: round.totalWin,
      source: 'support',
    });
  }
}
