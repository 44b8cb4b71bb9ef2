import type { GameRoundDetail, GameRoundPage, GameRoundSearch } from '@backoffice/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { notFoundIn, UNLIMITED, type Scope } from '../../lib/scope';
import { createGameRoundsRepository, type RoundKey } from './game-rounds.repository';

const CURSOR_TEXT = /^[A-Za-z0-9_-]{1,500}$/;
const KEY_INSTANT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})(\d{3})Z$/;
const KEY_PART_MAX = 100;

/** The `next` cursor of a page: the sort key of its last round, opaque to clients. */
export function encodeCursor(key: RoundKey): string {
  return Buffer.from(JSON.stringify([key.startedAt, key.casinoId, key.roundId])).toString('base64url');
}

/** The key of a cursor, or undefined when it is not one this search made. */
export function decodeCursor(cursor: string): RoundKey | undefined {
  if (!CURSOR_TEXT.test(cursor)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return undefined;
  const [startedAt, casinoId, roundId] = parsed as unknown[];
  if (typeof startedAt !== 'string' || typeof casinoId !== 'string' || typeof roundId !== 'string') {
    return undefined;
  }
  if (!casinoId || !roundId || casinoId.length > KEY_PART_MAX || roundId.length > KEY_PART_MAX) {
    return undefined;
  }
  // Only the canonical form the database wrote: a real instant that reads back to the same text.
  const instant = KEY_INSTANT.exec(startedAt);
  if (!instant) return undefined;
  const time = Date.parse(`${instant[1]}Z`);
  if (Number.isNaN(time) || new Date(time).toISOString() !== `${instant[1]}Z`) return undefined;
  return { startedAt, casinoId, roundId };
}

function invalidCursor(): AppError {
  return new AppError('VALIDATION_FAILED', [
    { path: 'querystring.after', message: 'not a cursor of this search' },
  ]);
}

/**
 * `searchDb` runs the search and a round's lookup: `Database.plannedDb`, where each of their shapes is
 * planned once per connection (their statements differ only in their values, and every month's partition
 * is probed or pruned when they run).
 */
export function createGameRoundsService(
  db: Db,
  searchDb: Db = db,
  repository = createGameRoundsRepository(),
) {
  /** A page of the search as its answer's JSON text, as the database wrote its rounds (decision 042). */
  async function searchText(query: GameRoundSearch, scope: Scope): Promise<string> {
    const after = query.after === undefined ? undefined : decodeCursor(query.after);
    if (query.after !== undefined && !after) throw invalidCursor();
    const { itemsJson, lastKey, more } = await repository.search(
      searchDb,
      query.casinoIds,
      query,
      scope,
      after,
      query.limit,
    );
    const next = more && lastKey ? JSON.stringify(encodeCursor(lastKey)) : 'null';
    return `{"items":${itemsJson},"next":${next}}`;
  }

  return {
    searchText,

    /** A page of the search (as `searchText` answers it). */
    async search(query: GameRoundSearch, scope: Scope): Promise<GameRoundPage> {
      return JSON.parse(await searchText(query, scope)) as GameRoundPage;
    },

    async get(casinoId: string, roundId: string, scope: Scope): Promise<GameRoundDetail> {
      const found = await repository.find(searchDb, casinoId, roundId, scope);
      if (!found) {
        throw await notFoundIn(
          scope,
          'RECORD_NOT_FOUND',
          { type: 'game-round', id: `${casinoId}/${roundId}` },
          () => repository.find(db, casinoId, roundId, UNLIMITED),
        );
      }
      return found;
    },
  };
}

export type GameRoundsService = ReturnType<typeof createGameRoundsService>;
