import type {
  GameProvider,
  GameProviderCreate,
  GameProviderListQuery,
  GameProviderUpdate,
  Page,
} from '@backoffice/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { pageOf } from '../../lib/sql';
import { changeVersioned, withConstraintErrors } from '../../lib/writes';
import { auditOf, type Actor } from '../audit/audit.service';
import { providerAuditSecrets, resolveProviderConfig } from './game-providers.config';
import {
  createGameProvidersRepository,
  toGameProvider,
  type StoredProvider,
} from './game-providers.repository';

const audit = auditOf('game-provider', providerAuditSecrets);
const constraints = {
  game_providers_pkey: 'GAME_PROVIDER_ID_TAKEN',
  game_providers_name_key: 'GAME_PROVIDER_NAME_TAKEN',
  // A game was bound to the provider between our read and the delete.
  games_provider_id_game_providers_id_fk: 'GAME_PROVIDER_HAS_GAMES',
  // Casinos have settings at the provider.
  casino_provider_configs_provider_id_game_providers_id_fk: 'GAME_PROVIDER_CONFIGURED_FOR_CASINOS',
} as const;

/** What the audit trail compares: the stored state, secrets included (the trail masks them). */
function audited(provider: StoredProvider) {
  return {
    id: provider.id,
    name: provider.name,
    api: provider.api,
    config: provider.config,
    secrets: provider.secrets,
  };
}

export function createGameProvidersService(db: Db, repository = createGameProvidersRepository()) {
  return {
    async list(query: GameProviderListQuery): Promise<Page<GameProvider>> {
      return pageOf(query, await repository.list(db, query));
    },

    async get(id: string): Promise<GameProvider> {
      const found = await repository.findById(db, id);
      if (!found) throw new AppError('GAME_PROVIDER_NOT_FOUND');
      return toGameProvider(found);
    },

    create(input: GameProviderCreate, actor: Actor | null): Promise<GameProvider> {
      const stored = resolveProviderConfig(input.api, input.config, input.clearSecrets);
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            const created = await repository.insert(tx, {
              id: input.id,
              name: input.name,
              api: input.api,
              ...stored,
            });
            await audit(tx, {
              actor,
              action: 'create',
              entityId: created.id,
              before: null,
              after: audited(created),
            });
            return toGameProvider(created);
          }),
        constraints,
      );
    },

    update(id: string, input: GameProviderUpdate, actor: Actor | null): Promise<GameProvider> {
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            const { before, after } = await changeVersioned(
              () => repository.findById(tx, id),
              input.version,
              (current) =>
                repository.update(
                  tx,
                  id,
                  input.version,
                  {
                    name: input.name,
                    api: input.api,
                    ...resolveProviderConfig(input.api, input.config, input.clearSecrets, current),
                  },
                  current.gameCount,
                ),
              'GAME_PROVIDER_NOT_FOUND',
            );
            await audit(tx, {
              actor,
              action: 'update',
              entityId: id,
              before: audited(before),
              after: audited(after),
            });
            return toGameProvider(after);
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
                if (current.gameCount > 0) throw new AppError('GAME_PROVIDER_HAS_GAMES');
                return repository.delete(tx, id, version);
              },
              'GAME_PROVIDER_NOT_FOUND',
            );
            await audit(tx, { actor, action: 'delete', entityId: id, before: audited(before), after: null });
          }),
        constraints,
      );
    },
  };
}

export type GameProvidersService = ReturnType<typeof createGameProvidersService>;
