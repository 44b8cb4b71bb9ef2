import type {
  GameStudio,
  GameStudioCreate,
  GameStudioListQuery,
  GameStudioUpdate,
  Page,
} from '@backoffice/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { pageOf } from '../../lib/sql';
import { changeVersioned, withConstraintErrors } from '../../lib/writes';
import { auditOf, type Actor } from '../audit/audit.service';
import { createGameStudiosRepository } from './game-studios.repository';

const audit = auditOf('game-studio');
const constraints = {
  game_studios_name_key: 'GAME_STUDIO_NAME_TAKEN',
  // A game was bound to the studio between our read and the delete.
  games_studio_id_game_studios_id_fk: 'GAME_STUDIO_IN_USE',
} as const;

/** The parts of a studio that its audit entries compare (not the derived game count). */
function audited({ gameCount: _games, ...studio }: GameStudio) {
  return studio;
}

export function createGameStudiosService(db: Db, repository = createGameStudiosRepository()) {
  return {
    async list(query: GameStudioListQuery): Promise<Page<GameStudio>> {
      return pageOf(query, await repository.list(db, query));
    },

    async get(id: string): Promise<GameStudio> {
      const found = await repository.findById(db, id);
      if (!found) throw new AppError('GAME_STUDIO_NOT_FOUND');
      return found;
    },

    create(input: GameStudioCreate, actor: Actor | null): Promise<GameStudio> {
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            const created = await repository.insert(tx, input);
            await audit(tx, {
              actor,
              action: 'create',
              entityId: created.id,
              before: null,
              after: audited(created),
            });
            return created;
          }),
        constraints,
      );
    },

    update(id: string, { version, ...input }: GameStudioUpdate, actor: Actor | null): Promise<GameStudio> {
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            const { before, after } = await changeVersioned(
              () => repository.findById(tx, id),
              version,
              (current) => repository.update(tx, id, version, input, current.gameCount),
              'GAME_STUDIO_NOT_FOUND',
            );
            await audit(tx, {
              actor,
              action: 'update',
              entityId: id,
              before: audited(before),
              after: audited(after),
            });
            return after;
          }),
        constraints,
      );
    },

    delete(id: string, version: number, actor: Actor | null): Promise<void> {
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            const { before } = await changeVersioned(
              () => repository.findById(tx, id),
              version,
              async (current) => {
                // Checked first for a clear answer; the foreign key still guards a concurrent insert.
                if (current.gameCount > 0) throw new AppError('GAME_STUDIO_IN_USE');
                return repository.delete(tx, id, version);
              },
              'GAME_STUDIO_NOT_FOUND',
            );
            await audit(tx, { actor, action: 'delete', entityId: id, before: audited(before), after: null });
          }),
        constraints,
      );
    },
  };
}

export type GameStudiosService = ReturnType<typeof createGameStudiosService>;
