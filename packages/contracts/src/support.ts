/**
 * Player support (spec §2, §4): looking up a player within the agent's scope. Personal data (e-mail,
 * names, city, date of birth, gender) is for the roles that deal with players — those with the
 * permission "player support actions" — and only they may search by it; the others see a player by ids,
 * nickname and the non-personal fields.
 */
import { z } from 'zod';
import { codeIdSchema } from './catalogue-ids';
import { hasPermission, type Role } from './permissions';
import { gameRoundSummarySchema } from './reports';

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
    message: 'Give a player id, or a nickname, e-mail or name to search for',
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
