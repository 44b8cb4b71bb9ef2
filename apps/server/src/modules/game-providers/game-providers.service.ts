import type { GameProviderCreate, GameProviderUpdate } from '@backoffice/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { casinoProviderConfigs, casinos, games } from '../../db/schema';
import { configService } from '../../lib/config-service';
import { linkedTo, usedBy } from '../../lib/record-usage';
import { sealEnteredSecrets } from '../../lib/sealed-secrets';
import type { SecretBox } from '../../lib/secret-box';
import { providerAuditSecrets, resolveProviderConfig, type StoredConfig } from './game-providers.config';
import { createGameProvidersRepository, toGameProvider } from './game-providers.repository';

/** Game providers; the secrets of their APIs are stored sealed by `box` (issue 15) and never answered. */
export function createGameProvidersService(
  db: Db,
  box: SecretBox,
  repository = createGameProvidersRepository(),
) {
  /** What was entered is sealed; kept secrets stay as stored. */
  const sealed = ({ config, secrets }: StoredConfig, current?: StoredConfig): StoredConfig => ({
    config,
    secrets: sealEnteredSecrets(box, secrets, current?.secrets),
  });
  return configService(db, {
    repository,
    entityType: 'game-provider',
    secrets: providerAuditSecrets,
    notFound: 'GAME_PROVIDER_NOT_FOUND',
    constraints: {
      game_providers_pkey: 'GAME_PROVIDER_ID_TAKEN',
      game_providers_name_key: 'GAME_PROVIDER_NAME_TAKEN',
      // A game was bound to the provider between our read and the delete.
      games_provider_id_game_providers_id_fk: 'GAME_PROVIDER_HAS_GAMES',
      // Casinos have settings at the provider.
      casino_provider_configs_provider_id_game_providers_id_fk: 'GAME_PROVIDER_CONFIGURED_FOR_CASINOS',
    },
    toItem: toGameProvider,
    // The stored state, secrets included (the trail masks them).
    audited: ({ id, name, api, config, secrets }) => ({ id, name, api, config, secrets }),
    created: ({ id, name, api, config, clearSecrets }: GameProviderCreate) => ({
      id,
      name,
      api,
      ...sealed(resolveProviderConfig(api, config, clearSecrets)),
    }),
    changed: ({ name, api, config, clearSecrets }: Omit<GameProviderUpdate, 'version'>, current) => ({
      name,
      api,
      ...sealed(resolveProviderConfig(api, config, clearSecrets, current), current),
    }),
    // Its games, and the casinos with settings at the provider.
    usedBy: (id, scope) => [
      usedBy.games(eq(games.providerId, id)),
      usedBy.casinos(
        linkedTo(casinos.id, casinoProviderConfigs.casinoId, eq(casinoProviderConfigs.providerId, id)),
        scope,
      ),
    ],
    inUse: (provider) => (provider.gameCount > 0 ? 'GAME_PROVIDER_HAS_GAMES' : undefined),
  });
}

export type GameProvidersService = ReturnType<typeof createGameProvidersService>;
