import type {
  GameVersion,
  GameVersionCreate,
  GameVersionListQuery,
  GameVersionUpdate,
  Page,
} from '@backoffice/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { pageOf } from '../../lib/sql';
import { changeVersioned, withConstraintErrors } from '../../lib/writes';
import { auditOf, type Actor } from '../audit/audit.service';
import { createGameVersionsRepository } from './game-versions.repository';

const audit = auditOf('game-version');
const constraints = {
  game_versions_number_key: 'GAME_VERSION_TAKEN',
  game_versions_game_id_games_game_id_fk: 'GAME_NOT_FOUND',
  game_version_jurisdictions_jurisdiction_id_jurisdictions_id_fk: 'JURISDICTION_NOT_FOUND',
} as const;

/** What the audit trail compares: the version's own settings, jurisdictions by id. */
export function auditedVersion(version: GameVersion) {
  return {
    gameId: version.gameId,
    versionNumber: version.versionNumber,
    jurisdictionIds: version.jurisdictions.map((jurisdiction) => jurisdiction.id).sort(),
    betSizes: version.betSizes,
    supportsVouchers: version.supportsVouchers,
    supportsFeatureTriggerVouchers: version.supportsFeatureTriggerVouchers,
    properties: version.properties,
    frontendUrl: version.frontendUrl,
    backendUrl: version.backendUrl,
  };
}

/** Bet sizes are kept in ascending order, however they were entered. */
function normalised<T extends { betSizes: number[] }>(input: T): T {
  return { ...input, betSizes: [...input.betSizes].sort((a, b) => a - b) };
}

export function createGameVersionsService(db: Db, repository = createGameVersionsRepository()) {
  async function load(tx: Db, id: string): Promise<GameVersion> {
    const found = await repository.findById(tx, id);
    if (!found) throw new AppError('RECORD_NOT_FOUND');
    return found;
  }

  return {
    async list(query: GameVersionListQuery): Promise<Page<GameVersion>> {
      return pageOf(query, await repository.list(db, query));
    },

    get: (id: string) => load(db, id),

    create(input: GameVersionCreate, actor: Actor | null): Promise<GameVersion> {
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            const id = await repository.insert(tx, normalised(input));
            const created = await load(tx, id);
            await audit(tx, {
              actor,
              action: 'create',
              entityId: id,
              before: null,
              after: auditedVersion(created),
            });
            return created;
          }),
        constraints,
      );
    },

    update(id: string, { version, ...input }: GameVersionUpdate, actor: Actor | null): Promise<GameVersion> {
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            const { before, after } = await changeVersioned(
              () => repository.findById(tx, id),
              version,
              async () =>
                (await repository.update(tx, id, version, normalised(input))) ? load(tx, id) : undefined,
            );
            await audit(tx, {
              actor,
              action: 'update',
              entityId: id,
              before: auditedVersion(before),
              after: auditedVersion(after),
            });
            return after;
          }),
        constraints,
      );
    },

    delete(id: string, version: number, actor: Actor | null): Promise<void> {
      return db.transaction(async (tx) => {
        const { before } = await changeVersioned(
          () => repository.findById(tx, id),
          version,
          async () => ((await repository.delete(tx, id, version)) ? true : undefined),
        );
        await audit(tx, {
          actor,
          action: 'delete',
          entityId: id,
          before: auditedVersion(before),
          after: null,
        });
      });
    },
  };
}

export type GameVersionsService = ReturnType<typeof createGameVersionsService>;
