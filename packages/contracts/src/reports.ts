/**
 * Reports over the platform data (spec §2 "Reporting"). Money reports read the daily rollups, never the
 * raw rounds; sums are in EUR (the fx rate of each round's day), with the figures of each original
 * currency alongside. Every report is limited to the reader's casinos and integrations.
 */
import { z } from 'zod';
import { codeIdSchema } from './catalogue-ids';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageSchema } from './lists';
import { currencyCodeSchema } from './currencies';
import { roundStatuses } from './platform';
import { rule } from './validation-messages';

/** The most days one report may span (a bit over three years). */
export const MAX_REPORT_DAYS = 1_100;
export const TOP_GAMES_IN_GGR_REPORT = 5;
/**
 * Game performance flags a game whose actual RTP lies outside the band its theoretical RTP allows at this
 * confidence, given its rounds and the observed spread of their win per bet…
 */
export const RTP_BAND_CONFIDENCE_PERCENT = 99;
/** …once it has at least this many rounds with a bet in the report (fewer are too noisy to judge). */
export const RTP_DEVIATION_MIN_ROUNDS = 1_000;

/** A comma-separated list of ids in a query string (`casinoIds=a,b`), as an array. */
const idList = z
  .string()
  .trim()
  .max(4_000)
  .transform((value) =>
    value
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id.length > 0),
  )
  .pipe(z.array(codeIdSchema).max(200));

/** The filters every money report takes: a UTC date range (both days included) and optional subsets. */
export const reportFilterSchema = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    casinoIds: idList.optional(),
    integrationIds: idList.optional(),
    gameIds: idList.optional(),
    currency: currencyCodeSchema.optional(),
  })
  .superRefine((filter, context) => {
    const days = (Date.parse(filter.to) - Date.parse(filter.from)) / 86_400_000;
    if (days < 0) context.addIssue({ code: 'custom', path: ['to'], ...rule('notBeforeFrom') });
    if (days >= MAX_REPORT_DAYS) {
      context.addIssue({ code: 'custom', path: ['to'], ...rule('maxDays', MAX_REPORT_DAYS) });
    }
  });
export type ReportFilter = z.infer<typeof reportFilterSchema>;

/** Money figures of one group: EUR sums, and each original currency's own sums. */
export const currencyFiguresSchema = z.object({
  currency: z.string(),
  rounds: z.number().int(),
  /** Minor units of `currency`. */
  turnover: z.number().int(),
  wins: z.number().int(),
  ggr: z.number().int(),
});
export type CurrencyFigures = z.infer<typeof currencyFiguresSchema>;

export const moneyFiguresSchema = z.object({
  rounds: z.number().int(),
  /** EUR cents; rounds of days without a rate for their currency are left out and listed in missingRates. */
  turnoverEur: z.number().int(),
  winsEur: z.number().int(),
  ggrEur: z.number().int(),
  /** GGR / turnover in percent; null without turnover. */
  holdPercent: z.number().nullable(),
  byCurrency: z.array(currencyFiguresSchema),
});
export type MoneyFigures = z.infer<typeof moneyFiguresSchema>;

/** A currency and day without an exchange rate in master data: its money is not in the EUR sums. */
export const missingRateSchema = z.object({ currency: z.string(), day: z.iso.date() });
export type MissingRate = z.infer<typeof missingRateSchema>;

export const ggrReportSchema = z.object({
  filter: z.object({ from: z.iso.date(), to: z.iso.date() }),
  totals: moneyFiguresSchema,
  /** One point per day, or per month when the range spans more than 92 days. */
  granularity: z.enum(['day', 'month']),
  series: z.array(
    z.object({
      period: z.string(),
      turnoverEur: z.number().int(),
      winsEur: z.number().int(),
      ggrEur: z.number().int(),
      rounds: z.number().int(),
    }),
  ),
  topGames: z.array(
    z.object({ gameId: z.string(), gameName: z.string().nullable(), figures: moneyFiguresSchema }),
  ),
  missingRates: z.array(missingRateSchema),
});
export type GgrReport = z.infer<typeof ggrReportSchema>;

export const casinoPerformanceSchema = z.object({
  rows: z.array(
    z.object({ casinoId: z.string(), casinoName: z.string().nullable(), figures: moneyFiguresSchema }),
  ),
  totals: moneyFiguresSchema,
  missingRates: z.array(missingRateSchema),
});
export type CasinoPerformance = z.infer<typeof casinoPerformanceSchema>;

export const gamePerformanceRowSchema = z.object({
  gameId: z.string(),
  gameName: z.string().nullable(),
  figures: moneyFiguresSchema,
  /** Wins / turnover in percent over all currencies in EUR; null without turnover. */
  actualRtpPercent: z.number().nullable(),
  theoreticalRtpPercent: z.number().nullable(),
  /**
   * What the actual RTP may be at RTP_BAND_CONFIDENCE_PERCENT if the game pays its theoretical RTP, in
   * percent: the theoretical RTP ± z · s / √n (n rounds with a bet, s the standard deviation of their win
   * per bet). Null without a theoretical RTP or with fewer than RTP_DEVIATION_MIN_ROUNDS rounds.
   */
  rtpBand: z.object({ lowPercent: z.number(), highPercent: z.number() }).nullable(),
  /** Set when the actual RTP lies outside the band. */
  deviationFlagged: z.boolean(),
});
export const gamePerformanceSchema = z.object({
  rows: z.array(gamePerformanceRowSchema),
  totals: moneyFiguresSchema,
  missingRates: z.array(missingRateSchema),
});
export type GamePerformance = z.infer<typeof gamePerformanceSchema>;

export const integrationGamePerformanceSchema = z.object({
  rows: z.array(
    gamePerformanceRowSchema.extend({
      integrationId: z.string(),
      integrationName: z.string().nullable(),
    }),
  ),
  totals: moneyFiguresSchema,
  missingRates: z.array(missingRateSchema),
});
export type IntegrationGamePerformance = z.infer<typeof integrationGamePerformanceSchema>;

/**
 * A casino, integration or game the report filters offer. Its name is null when it was deleted but still
 * has figures in the reader's scope.
 */
export const reportDimensionSchema = z.object({ id: z.string(), name: z.string().nullable() });
export type ReportDimension = z.infer<typeof reportDimensionSchema>;

/**
 * What the reader can filter reports and game rounds by, within their scope: casinos (theirs, bound to
 * their integrations, or with figures they see), integrations (theirs or with figures they see) and the
 * games with rounds they see; each list ordered by name (nameless ones last, by id).
 */
export const reportDimensionsSchema = z.object({
  casinos: z.array(reportDimensionSchema),
  integrations: z.array(reportDimensionSchema),
  games: z.array(reportDimensionSchema),
});
export type ReportDimensions = z.infer<typeof reportDimensionsSchema>;

// Game rounds: a search over the raw rounds, newest first, paged by keyset (never by offset).

export const GAME_ROUNDS_PAGE_SIZE = 50;

export const gameRoundSearchSchema = z
  .object({
    roundId: z.string().trim().min(1).max(100).optional(),
    providerRoundId: z.string().trim().min(1).max(100).optional(),
    playerId: z.string().trim().min(1).max(100).optional(),
    casinoIds: idList.optional(),
    integrationIds: idList.optional(),
    gameIds: idList.optional(),
    status: z.enum(roundStatuses).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    /** The `next` cursor of the previous page. */
    after: z.string().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(GAME_ROUNDS_PAGE_SIZE),
  })
  .superRefine((query, context) => {
    if (query.from && query.to && Date.parse(query.to) < Date.parse(query.from)) {
      context.addIssue({ code: 'custom', path: ['to'], ...rule('notBeforeFrom') });
    }
  });
export type GameRoundSearch = z.infer<typeof gameRoundSearchSchema>;

export const gameRoundSummarySchema = z.object({
  casinoId: z.string(),
  roundId: z.string(),
  providerRoundId: z.string().nullable(),
  integrationId: z.string(),
  playerId: z.string(),
  gameId: z.string(),
  startedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  status: z.enum(roundStatuses),
  currency: z.string(),
  debit: z.number().int(),
  credit: z.number().int(),
  totalWin: z.number().int(),
});
export type GameRoundSummary = z.infer<typeof gameRoundSummarySchema>;

export const gameRoundPageSchema = z.object({
  items: z.array(gameRoundSummarySchema),
  /** Pass as `after` for the next page; null on the last page. */
  next: z.string().nullable(),
});
export type GameRoundPage = z.infer<typeof gameRoundPageSchema>;

export const gameRoundDetailSchema = gameRoundSummarySchema.extend({
  voucherCode: z.string().nullable(),
  fundsAtStart: z.number().int().nullable(),
  fundsAtEnd: z.number().int().nullable(),
  displayedOutcome: z.unknown().nullable(),
  moneySplit: z.object({ real: z.number(), bonus: z.number(), voucher: z.number() }).nullable(),
});
export type GameRoundDetail = z.infer<typeof gameRoundDetailSchema>;

// Significant events: things that happened which explain a change in the figures.

export const significantEventInputSchema = z.object({
  happenedAt: z.iso.datetime({ offset: true }),
  reason: z.string().trim().min(1).max(2_000),
  component: z.string().trim().max(200).nullish(),
  /** Whom the event concerns (a user name), where it applies. */
  user: z.string().trim().max(200).nullish(),
  beforeValue: z.string().trim().max(2_000).nullish(),
  afterValue: z.string().trim().max(2_000).nullish(),
});
export type SignificantEventInput = z.infer<typeof significantEventInputSchema>;

export const significantEventSchema = z.object({
  id: z.uuid(),
  happenedAt: z.iso.datetime(),
  reason: z.string(),
  component: z.string().nullable(),
  user: z.string().nullable(),
  beforeValue: z.string().nullable(),
  afterValue: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** The name of the user who recorded it (kept when that user is deleted). */
  createdBy: z.string().nullable(),
});
export type SignificantEvent = z.infer<typeof significantEventSchema>;

/** The list of significant events: newest `happenedAt` first, within a time range, searched in reason and component. */
export const significantEventListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    q: z.string().trim().max(200).optional(),
  })
  .superRefine((query, context) => {
    if (query.from && query.to && Date.parse(query.to) < Date.parse(query.from)) {
      context.addIssue({ code: 'custom', path: ['to'], ...rule('notBeforeFrom') });
    }
  });
export type SignificantEventListQuery = z.infer<typeof significantEventListQuerySchema>;
export const significantEventPageSchema = pageSchema(significantEventSchema);

// The player-data report: a CSV download of the players in the reader's scope.

/** The columns of the player CSV, in order (spec §3 "Player"). */
export const playerCsvColumns = [
  'integrationId',
  'casinoId',
  'playerId',
  'language',
  'country',
  'email',
  'jurisdiction',
  'firstName',
  'lastName',
  'nickName',
  'city',
  'dateOfBirth',
  'gender',
  'registeredAt',
  'createdAt',
] as const;

export const playerCsvQuerySchema = z.object({ casinoIds: idList.optional() });

/** The browser releases a download's object URL this long after the download started (spec §9). */
export const DOWNLOAD_LINK_RELEASE_MS = 40_000;
