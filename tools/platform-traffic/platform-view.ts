/**
 * What the traffic tool, playing the game platform, holds in memory: the rounds it sent open and will
 * finish later, and the savegames its players have. Support actions from the back office's feed change it
 * (support-feed.ts): a round that support closed is dropped, so the tool never finishes it; a deleted
 * savegame is forgotten (hard) or loses its game state (soft). Applying an action twice changes nothing.
 */
import type { PlatformRound, PlatformSavegame, SupportAction } from '@backoffice/contracts';

/** The part of a savegame that restores the game (a soft delete removes it). */
export interface GameState {
  level: number;
  freeSpinsLeft: number;
}

export interface HeldSavegame {
  casinoId: string;
  playerId: string;
  gameId: string;
  savedAt: string;
  state: GameState | null;
  /** Saves of this game by the player since the savegame was made (kept by a soft delete). */
  saves: number;
}

/** What applying one action did, for the log line. */
export type AppliedEffect =
  | 'round-dropped'
  | 'round-not-held'
  | 'savegame-forgotten'
  | 'savegame-state-cleared'
  | 'savegame-not-held'
  | 'savegame-saved-since'
  | 'already-applied'
  | 'incomplete';

const roundKey = (casinoId: string, roundId: string) => `${casinoId}\u0000${roundId}`;
const savegameKey = (casinoId: string, playerId: string, gameId: string) =>
  `${casinoId}\u0000${playerId}\u0000${gameId}`;

export class PlatformView {
  /** Open rounds by key, each with the state it ends in and when that is due (ms since the epoch). */
  readonly #open = new Map<string, { due: number; final: PlatformRound }>();
  readonly #savegames = new Map<string, HeldSavegame>();
  /** The last feed position applied: a position at or below it comes again only by redelivery. */
  #applied = 0;
  /** Rounds dropped because support closed them. */
  dropped = 0;

  get applied(): number {
    return this.#applied;
  }

  get openRounds(): number {
    return this.#open.size;
  }

  /** A round was sent open; `final` is sent when `due` has come, unless support closes it first. */
  holdOpen(final: PlatformRound, due: number): void {
    this.#open.set(roundKey(final.casinoId, final.roundId), { due, final });
  }

  isOpen(casinoId: string, roundId: string): boolean {
    return this.#open.has(roundKey(casinoId, roundId));
  }

  /** Takes the rounds whose end is due by `now` (all of them without `now`), in the order they were held. */
  takeDue(now = Number.POSITIVE_INFINITY): PlatformRound[] {
    const due: PlatformRound[] = [];
    for (const [key, entry] of this.#open) {
      if (entry.due <= now) {
        due.push(entry.final);
        this.#open.delete(key);
      }
    }
    return due;
  }

  savegame(casinoId: string, playerId: string, gameId: string): HeldSavegame | undefined {
    return this.#savegames.get(savegameKey(casinoId, playerId, gameId));
  }

  get savegames(): number {
    return this.#savegames.size;
  }

  /**
   * A player saves a game: a game state it can restore continues (one level up); without one (new, or
   * soft-deleted) the game starts over from `fresh`.
   */
  save(
    round: Pick<PlatformRound, 'casinoId' | 'playerId' | 'gameId' | 'updatedAt'>,
    fresh: GameState,
  ): PlatformSavegame {
    const key = savegameKey(round.casinoId, round.playerId, round.gameId);
    const earlier = this.#savegames.get(key);
    const state: GameState = earlier?.state
      ? { level: earlier.state.level + 1, freeSpinsLeft: fresh.freeSpinsLeft }
      : fresh;
    const held: HeldSavegame = {
      casinoId: round.casinoId,
      playerId: round.playerId,
      gameId: round.gameId,
      savedAt: round.updatedAt,
      state,
      saves: (earlier?.saves ?? 0) + 1,
    };
    this.#savegames.set(key, held);
    return {
      casinoId: held.casinoId,
      playerId: held.playerId,
      gameId: held.gameId,
      savedAt: held.savedAt,
      state,
      data: { client: 'platform-traffic', saves: held.saves },
    };
  }

  /**
   * Applies one action of the feed. Positions at or below the last one applied are redeliveries and
   * change nothing: a deletion applied again could otherwise remove what the player saved since. (Even
   * so, a deletion never touches a savegame saved after it happened.)
   */
  apply(action: SupportAction): AppliedEffect {
    if (action.position <= this.#applied) return 'already-applied';
    const effect = this.#effectOf(action);
    this.#applied = action.position;
    return effect;
  }

  #effectOf(action: SupportAction): AppliedEffect {
    if (action.kind === 'round-closed') {
      if (!action.roundId) return 'incomplete';
      const key = roundKey(action.casinoId, action.roundId);
      if (!this.#open.delete(key)) return 'round-not-held';
      this.dropped += 1;
      return 'round-dropped';
    }
    if (!action.gameId) return 'incomplete';
    const key = savegameKey(action.casinoId, action.playerId, action.gameId);
    const held = this.#savegames.get(key);
    if (!held) return 'savegame-not-held';
    // The player saved again after the deletion: that save stands.
    if (Date.parse(held.savedAt) > Date.parse(action.happenedAt)) return 'savegame-saved-since';
    if (action.deletion === 'soft') {
      held.state = null;
      return 'savegame-state-cleared';
    }
    this.#savegames.delete(key);
    return 'savegame-forgotten';
  }
}

const effectText: Record<AppliedEffect, string> = {
  'round-dropped': 'dropped: this run no longer finishes it',
  'round-not-held': 'not open in this run (finished already, or not sent by it)',
  'savegame-forgotten': 'forgotten: the next save starts a new one',
  'savegame-state-cleared': 'game state cleared: the next save starts the game over',
  'savegame-not-held': 'not held by this run',
  'savegame-saved-since': 'kept: the player saved it again after the deletion',
  'already-applied': 'applied before (delivered again)',
  incomplete: 'ignored: the action lacks its round or game',
};

/** One log line per action. */
export function describeAction(action: SupportAction, effect: AppliedEffect): string {
  const what =
    action.kind === 'round-closed'
      ? `round ${action.roundId} of ${action.casinoId}/${action.playerId} closed (${action.status ?? '?'}, ` +
        (action.booking === 'none' || action.booking === null
          ? 'no booking'
          : `${action.booking} ${action.amount ?? '?'} ${action.currency ?? ''}`.trimEnd()) +
        ')'
      : `savegame ${action.gameId} of ${action.casinoId}/${action.playerId} deleted (${action.deletion ?? '?'})`;
  return `support #${action.position}: ${what}: ${effectText[effect]}`;
}
