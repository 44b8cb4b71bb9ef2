import type {
  GameStudio,
  GameStudioCreate,
  GameStudioListQuery,
  GameStudioUpdate,
} from '@backoffice/contracts';
import { createCrudApi } from '../../../lib/crud-api';

export const gameStudiosApi = createCrudApi<
  GameStudio,
  GameStudioListQuery,
  GameStudioCreate,
  GameStudioUpdate
>('/game-studios');
