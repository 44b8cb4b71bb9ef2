import type { Game, GameCreate, GameListQuery, GameUpdate, Page } from '@backoffice/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { casinoGames, casinos, integrationGames, integrations } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { usageOf, linkedTo, usedBy } from '../../lib/record-usage';
import { UNLIMITED, type Scope } from '../../lib/scope';
import { pageOf } from '../../lib/sql';
import { changeVersioned, deleteUnlessUsed, withConstraintErrors } from '../../lib/writes';
import { auditOf, type Actor } from '../audit/audit.service';
import { auditedVersion } from '../game-versions/game-versions.service';
import { createGameVersionsRepository } from '../game-versions/game-versions.repository';
import { createGamesRepository, type GameValues } from './games.repository';

const audit = auditOf('game');
const auditVersion = auditOf('game-version');
const constraints = {
  games_pkey: 'GAME_ID_TAKEN',
  games_studio_id_game_studios_id_fk: 'GAME_STUDIO_NOT_FOUND',
  games_provider_id_game_providers_id_fk: 'GAME_PROVIDER_BOUND_NOT_FOUND',
  // A game assigned to a casino stays.
  casino_games_game_id_games_game_id_fk: 'GAME_IN_USE',
  // … and so does a game assigned to an integration.
  integration_games_game_id_games_game_id_fk: 'GAME_IN_USE',
} as const;

/** What the audit trail compares: the game's own fields (not the derived names and counts). */
function audited({ studioName: _s, providerName: _p, versionCount: _v, ...game }: Game) {
  return game;
}

/** The stored values of an entered game: the provider's game id defaults to the game id (spec §3). */
function valuesOf(gameId: string, input: Omit<GameCreate, 'gameId'>): GameValues {
  return {
    name: input.name,
    studioId: input.studioId,
    providerId: input.providerId,
    gameProviderGameId: input.gameProviderGameId || gameId,
    theoreticalRtp: input.theoreticalRtp,
    maxExposureFactor: input.maxExposureFactor,
    minBetCents: input.minBetCents,
    requiredPropertyKeys: input.requiredPropertyKeys,
  };
}

export function createGamesService(
  db: Db,
  repository = createGamesRepository(),
  versions = createGameVersionsRepository(),
) {
  async function load(tx: Db, gameId: string): Promise<Game> {
    const found = await repository.findById(tx, gameId);
    if (!found) throw new AppError('GAME_NOT_FOUND');
    return found;
  }

  return {
    async list(query: GameListQuery): Promise<Page<Game>> {
      return pageOf(query, await repository.list(db, query));
    },

    get: (gameId: string) => load(db, gameId),

    create(input: GameCreate, actor: Actor | null): Promise<Game> {
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            await repository.insert(tx, { gameId: input.gameId, ...valuesOf(input.gameId, input) });
            const created = await load(tx, input.gameId);
            await audit(tx, {
              actor,
              action: 'create',
              entityId: input.gameId,
              before: null,
              after: audited(created),
            });
            return created;
          }),
        constraints,
      );
    },

    update(gameId: string, { version, ...input }: GameUpdate, actor: Actor | null): Promise<Game> {
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            const { before, after } = await changeVersioned(
              () => repository.findById(tx, gameId),
              version,
              async () =>
                (await repository.update(tx, gameId, version, valuesOf(gameId, input)))
                  ? load(tx, gameId)
                  : undefined,
              'GAME_NOT_FOUND',
            );
            await audit(tx, {
              actor,
              action: 'update',
              entityId: gameId,
              before: audited(before),
              after: audited(after),
            });
            return after;
          }),
        constraints,
      );
    },

    /**
     * Deletes the game with its versions; every removed version gets its own audit entry. Refused while
     * casinos or integrations have it assigned: the answer names them, as far as `scope` may see them.
     */
    delete(gameId: string, version: number, actor: Actor | null, scope: Scope = UNLIMITED): Promise<void> {
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            await repository.lock(tx, gameId);
            const before = await repository.findById(tx, gameId);
            const gameVersions = await versions.findByGame(tx, gameId);
            await versions.deleteMany(
              tx,
              gameVersions.map((gameVersion) => gameVersion.id),
            );
            await changeVersioned(
              async () => before,
              version,
              async () => {
                const deleted = await deleteUnlessUsed(
                  tx,
                  (savepoint) => repository.delete(savepoint, gameId, version),
                  constraints,
                  () =>
                    usageOf(tx, [
                      usedBy.casinos(
                        linkedTo(casinos.id, casinoGames.casinoId, eq(casinoGames.gameId, gameId)),
                        scope,
                      ),
                      usedBy.integrations(
                        linkedTo(
                          integrations.id,
                          integrationGames.integrationId,
                          eq(integrationGames.gameId, gameId),
                        ),
                        scope,
                      ),
                    ]),
                );
                return deleted ? true : undefined;
              },
              'GAME_NOT_FOUND',
            );
            for (const gameVersion of gameVersions) {
              await auditVersion(tx, {
                actor,
                action: 'delete',
                entityId: gameVersion.id,
                before: auditedVersion(gameVersion),
                after: null,
              });
            }
            await audit(tx, {
              actor,
              action: 'delete',
              entityId: gameId,
              before: audited(before!),
              after: null,
            });
          }),
        constraints,
      );
    },
  };
}

export type GamesService = ReturnType<typeof createGamesService>;
