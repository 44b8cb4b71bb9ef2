import type { GameStudio, GameStudioCreate } from '@backoffice/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { games } from '../../db/schema';
import { configService } from '../../lib/config-service';
import { usedBy } from '../../lib/record-usage';
import { createGameStudiosRepository } from './game-studios.repository';

export function createGameStudiosService(db: Db, repository = createGameStudiosRepository()) {
  return configService(db, {
    repository,
    entityType: 'game-studio',
    notFound: 'GAME_STUDIO_NOT_FOUND',
    constraints: {
      game_studios_name_key: 'GAME_STUDIO_NAME_TAKEN',
      // A game was bound to the studio between our read and the delete.
      games_studio_id_game_studios_id_fk: 'GAME_STUDIO_IN_USE',
    },
    toItem: (studio) => studio,
    // The trail compares what was written, not the derived game count.
    audited: ({ gameCount: _games, ...studio }: GameStudio) => studio,
    created: (input: GameStudioCreate) => input,
    changed: (input: GameStudioCreate) => input,
    usedBy: (id) => [usedBy.games(eq(games.studioId, id))],
    inUse: (studio) => (studio.gameCount > 0 ? 'GAME_STUDIO_IN_USE' : undefined),
  });
}

export type GameStudiosService = ReturnType<typeof createGameStudiosService>;
