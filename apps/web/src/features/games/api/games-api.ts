import type { Game, GameCreate, GameListQuery, GameUpdate } from '@backoffice/contracts';
import { createCrudApi } from '../../../lib/crud-api';

export const gamesApi = createCrudApi<Game, GameListQuery, GameCreate, GameUpdate>('/games');
