/** Player look-up for support: find players in scope, and one player with their last rounds and savegames. */
import {
  PLAYER_LAST_ROUNDS,
  PLAYER_SEARCH_LIMIT,
  playerAsSeen,
  seesPersonalData,
  type PlayerDetail,
  type PlayerSearchQuery,
  type PlayerSearchResult,
} from '@backoffice/contracts';
import type { Db } from '../../db/client';
import { notFoundIn, UNLIMITED } from '../../lib/scope';
import type { Principal } from '../../plugins/access';
import type { GameRoundsService } from '../game-rounds/game-rounds.service';
import { createPlayersRepository } from './players.repository';

type Reader = Pick<Principal, 'role' | 'scope'>;

export function createPlayersService(db: Db, gameRounds: GameRoundsService) {
  const repository = createPlayersRepository();
  return {
    async search(query: PlayerSearchQuery, reader: Reader): Promise<PlayerSearchResult> {
      const personalData = seesPersonalData(reader.role);
      const rows = await repository.search(db, query, {
        scope: reader.scope,
        personalData,
        limit: PLAYER_SEARCH_LIMIT + 1,
      });
      return {
        items: rows.slice(0, PLAYER_SEARCH_LIMIT).map((row) => playerAsSeen(row, personalData)),
        more: rows.length > PLAYER_SEARCH_LIMIT,
      };
    },

    async get(casinoId: string, playerId: string, reader: Reader): Promise<PlayerDetail> {
      const row = await repository.find(db, casinoId, playerId, reader.scope);
      // Outside the scope a player does not exist, as for every other record (and the refusal is audited).
      if (!row) {
        throw await notFoundIn(
          reader.scope,
          'RECORD_NOT_FOUND',
          { type: 'player', id: `${casinoId}/${playerId}` },
          () => repository.find(db, casinoId, playerId, UNLIMITED),
        );
      }
      const [rounds, savegames] = await Promise.all([
        gameRounds.search({ playerId, casinoIds: [casinoId], limit: PLAYER_LAST_ROUNDS }, reader.scope),
        repository.savegames(db, casinoId, playerId),
      ]);
      return {
        player: playerAsSeen(row, seesPersonalData(reader.role)),
        lastRounds: rounds.items,
        moreRounds: rounds.next !== null,
        savegames,
      };
    },
  };
}

export type PlayersService = ReturnType<typeof createPlayersService>;
