import type {
  GameVersion,
  GameVersionCreate,
  GameVersionListQuery,
  GameVersionUpdate,
} from '@backoffice/contracts';
import { createCrudApi } from '../../../lib/crud-api';

export const gameVersionsApi = createCrudApi<
  GameVersion,
  GameVersionListQuery,
  GameVersionCreate,
  GameVersionUpdate
>('/game-versions');
