/**
 * Player support (spec §2, §4): looking up a player within the agent's scope. Personal data (e-mail,
 * names, city, date of birth, gender) is for the roles that deal with players — those with the
 * permission "player support actions" — and only they may search by it; the others see a player by ids,
 * nickname and the non-personal fields.
 */
import { z } from 'zod';
import { codeIdSchema } from './catalogue-ids';
import { hasPermission, type Role } from './permissions';
import { roundStatuses } from './platform';
import { gameRoundDetailSchema, gameRoundSummarySchema } from './reports';
import { rule } from './validation-messages';

/** At most this many players answer a search; a narrower one finds the rest. */
export const PLAYER_SEARCH_LIMIT = 20;
/** The newest rounds shown with a player. */
export const PLAYER_LAST_ROUNDS = 20;

/** Whether a role sees players' personal data (and may search by it). */
export function seesPersonalData(role: Role): boolean {
  return hasPermission(role, 'playerSupportActions');
}

export const playerSearchQuerySchema = z
  .object({
    casinoId: codeIdSchema.optional(),
    /** The player's id in the casino, exactly. */
    playerId: z.string().trim().min(1).max(100).optional(),
    /** Part of the nickname, e-mail or name (e-mail and names only for who sees personal data). */
    q: z.string().trim().min(2).max(100).optional(),
  })
  .refine((query) => query.playerId !== undefined || query.q !== undefined, {
    path: ['q'],
    ...rule('playerOrSearch'),
  });
export type PlayerSearchQuery = z.infer<typeof playerSearchQuerySchema>;

export const supportPlayerSchema = z
  .object({
    casinoId: z.string(),
    playerId: z.string(),
    integrationId: z.string(),
    nickName: z.string().nullable(),
    language: z.string().nullable(),
    country: z.string().nullable(),
    jurisdiction: z.string().nullable(),
    registeredAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    /** Whether the personal fields below are shown; null fields then mean "not known". */
    personalData: z.boolean(),
    email: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    city: z.string().nullable(),
    dateOfBirth: z.iso.date().nullable(),
    gender: z.string().nullable(),
  })
  .meta({ id: 'SupportPlayer' });
export type SupportPlayer = z.infer<typeof supportPlayerSchema>;

export const playerSearchResultSchema = z.object({
  items: z.array(supportPlayerSchema),
  /** More players matched than PLAYER_SEARCH_LIMIT. */
  more: z.boolean(),
});
export type PlayerSearchResult = z.infer<typeof playerSearchResultSchema>;

export const playerSavegameSchema = z.object({
  gameId: z.string(),
  savedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** Whether the part that restores the game is still there (a soft delete removes only it). */
  restorable: z.boolean(),
});
export type PlayerSavegame = z.infer<typeof playerSavegameSchema>;

export const playerDetailSchema = z.object({
  player: supportPlayerSchema,
  /** The newest rounds of the player, newest first. */
  lastRounds: z.array(gameRoundSummarySchema),
  /** The player has more rounds than these (the game-round search pages through them). */
  moreRounds: z.boolean(),
  savegames: z.array(playerSavegameSchema),
});
export type PlayerDetail = z.infer<typeof playerDetailSchema>;

/** The fields of a player that are personal data. */
export const personalPlayerFields = [
  'email',
  'firstName',
  'lastName',
  'city',
  'dateOfBirth',
  'gender',
] as const;
export type PersonalPlayerField = (typeof personalPlayerFields)[number];

/** A player as a reader sees them: the personal fields empty for who may not see personal data. */
export function playerAsSeen(
  player: Omit<SupportPlayer, 'personalData'>,
  personalData: boolean,
): SupportPlayer {
  if (personalData) return { ...player, personalData };
  const hidden = Object.fromEntries(personalPlayerFields.map((field) => [field, null]));
  return { ...player, ...hidden, personalData };
}

// Closing an open round (spec §4, architecture §7) and deleting savegames.

/** How support closes an open round: refund the bet, book the total win, or close without a booking. */
export const closeBookings = ['refund', 'win', 'none'] as const;
export type CloseBooking = (typeof closeBookings)[number];

/**
 * A close's life: `pending` once its idempotency key is stored and until the bridge's answer is known;
 * `closed` when the round is closed (booked, or without booking); `rejected` when the bridge refused the
 * booking (the round stays open and can be closed again, as a new attempt with a new key).
 */
export const closureStates = ['pending', 'closed', 'rejected'] as const;
export type ClosureState = (typeof closureStates)[number];

/** How often a pending booking is retried by itself, and how long it waits before each retry (ms). */
export const CLOSE_RETRY_DELAYS_MS = [10_000, 30_000, 60_000, 5 * 60_000, 15 * 60_000] as const;

const supportReasonSchema = z.string().trim().min(1).max(500);

export const closeRoundInputSchema = z.object({
  booking: z.enum(closeBookings),
  reason: supportReasonSchema,
  /** The round id, typed by the agent as the confirmation. */
  confirmation: z.string().max(200),
});
export type CloseRoundInput = z.infer<typeof closeRoundInputSchema>;

export const roundClosureSchema = z
  .object({
    id: z.uuid(),
    booking: z.enum(closeBookings),
    state: z.enum(closureStates),
    /** What is booked, in minor units of `currency` (0 without booking). */
    amount: z.number().int(),
    currency: z.string(),
    /** The key every attempt of this booking is sent with; null without booking. */
    idempotencyKey: z.string().nullable(),
    reason: z.string(),
    /** Who asked: an agent's name; null for the auto-close job (`automatic`). */
    requestedBy: z.string().nullable(),
    /** The auto-close job's refund of a round past its validity period (spec §4). */
    automatic: z.boolean(),
    requestedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    /** Calls made to the bridge so far. */
    attempts: z.int(),
    /** When the next automatic retry of a pending booking is due; null when none is left. */
    nextAttemptAt: z.iso.datetime().nullable(),
    /** The catalogue code of the last failure (why it is pending, or why it was rejected). */
    lastError: z.string().nullable(),
    bridgeBookingId: z.string().nullable(),
  })
  .meta({ id: 'RoundClosure' });
export type RoundClosure = z.infer<typeof roundClosureSchema>;

/** Whether one booking type can be chosen now, and if not, the catalogue code that says why. */
const bookingChoiceSchema = z.object({
  allowed: z.boolean(),
  reason: z.string().nullable(),
  amount: z.number().int(),
});

export const timelineEntrySchema = z.discriminatedUnion('kind', [
  /** A state of the round: reported by the platform, or set by a close. */
  z.object({
    kind: z.literal('state'),
    at: z.iso.datetime(),
    receivedAt: z.iso.datetime().nullable(),
    status: z.enum(roundStatuses),
    debit: z.number().int(),
    credit: z.number().int(),
    totalWin: z.number().int(),
    source: z.enum(['platform', 'support']),
  }),
  /** Something an agent (or the automatic retry) did. */
  z.object({
    kind: z.literal('action'),
    at: z.iso.datetime(),
    action: z.enum(['close-requested', 'close-retried', 'closed', 'close-rejected']),
    booking: z.enum(closeBookings),
    by: z.string().nullable(),
    reason: z.string().nullable(),
  }),
  /** One call to the bridge with what was sent and what came back (never the secret or signature). */
  z.object({
    kind: z.literal('bridge-call'),
    at: z.iso.datetime(),
    durationMs: z.int().nullable(),
    request: z.object({
      method: z.string(),
      path: z.string(),
      idempotencyKey: z.string(),
      body: z.unknown(),
    }),
    outcome: z.enum(['booked', 'replayed', 'rejected', 'unknown', 'in-flight']),
    answer: z
      .object({ status: z.int().nullable(), body: z.unknown().nullable(), error: z.string().nullable() })
      .nullable(),
  }),
]);
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const supportRoundSchema = z
  .object({
    round: gameRoundDetailSchema,
    /** The close in flight or done (the latest rejected one otherwise), if any. */
    closure: roundClosureSchema.nullable(),
    choices: z.object({ refund: bookingChoiceSchema, win: bookingChoiceSchema, none: bookingChoiceSchema }),
    /** Whether the reader may act on the round (close, retry), by permission. */
    mayAct: z.boolean(),
    timeline: z.array(timelineEntrySchema),
  })
  .meta({ id: 'SupportRound' });
export type SupportRound = z.infer<typeof supportRoundSchema>;

export const savegameDeletions = ['hard', 'soft'] as const;
export type SavegameDeletion = (typeof savegameDeletions)[number];

export const deleteSavegameInputSchema = z.object({
  /** hard removes the savegame, soft only its restore-game-state part. */
  mode: z.enum(savegameDeletions),
  reason: supportReasonSchema,
  /** The game id, typed by the agent as the confirmation. */
  confirmation: z.string().max(200),
});
export type DeleteSavegameInput = z.infer<typeof deleteSavegameInputSchema>;

export const deleteSavegameResultSchema = z.object({
  mode: z.enum(savegameDeletions),
  /** The savegame after a soft delete; null after a hard one. */
  savegame: playerSavegameSchema.nullable(),
});
export type DeleteSavegameResult = z.infer<typeof deleteSavegameResultSchema>;

// The feed of support actions the game platform reads (docs/platform-api.md).

export const supportActionKinds = ['round-closed', 'savegame-deleted'] as const;
export type SupportActionKind = (typeof supportActionKinds)[number];

export const supportActionSchema = z
  .object({
    /** Position in the integration's feed: 1, 2, 3, … without gaps, in the order the actions happened. */
    position: z.int().positive(),
    kind: z.enum(supportActionKinds),
    happenedAt: z.iso.datetime(),
    casinoId: z.string(),
    playerId: z.string(),
    /** round-closed: the round, its new status and the booking made. */
    roundId: z.string().nullable(),
    startedAt: z.iso.datetime().nullable(),
    status: z.enum(roundStatuses).nullable(),
    booking: z.enum(closeBookings).nullable(),
    amount: z.number().int().nullable(),
    currency: z.string().nullable(),
    bridgeBookingId: z.string().nullable(),
    /** savegame-deleted: the game and how. */
    gameId: z.string().nullable(),
    deletion: z.enum(savegameDeletions).nullable(),
    reason: z.string(),
  })
  .meta({ id: 'SupportAction' });
export type SupportAction = z.infer<typeof supportActionSchema>;

export const SUPPORT_FEED_PAGE_SIZE = 100;

export const supportFeedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1_000).default(SUPPORT_FEED_PAGE_SIZE),
});

export const supportFeedSchema = z.object({
  /** The unacknowledged actions, oldest first; the same ones come again until acknowledged. */
  items: z.array(supportActionSchema),
  /** The last position acknowledged so far (0 before the first). */
  acknowledged: z.int().nonnegative(),
});
export type SupportFeed = z.infer<typeof supportFeedSchema>;

export const supportFeedAckSchema = z.object({
  /** Everything up to and including this position has been applied. */
  upTo: z.int().nonnegative().max(Number.MAX_SAFE_INTEGER),
});
export type SupportFeedAck = z.infer<typeof supportFeedAckSchema>;
