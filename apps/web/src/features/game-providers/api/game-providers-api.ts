import type {
  GameProvider,
  GameProviderCreate,
  GameProviderListQuery,
  GameProviderUpdate,
} from '@backoffice/contracts';
import { createCrudApi } from '../../../lib/crud-api';

export const gameProvidersApi = createCrudApi<
  GameProvider,
  GameProviderListQuery,
  GameProviderCreate,
  GameProviderUpdate
>('/game-providers');
