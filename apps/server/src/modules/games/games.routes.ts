import {
  gameCreateSchema,
  gameIdSchema,
  gameListQuerySchema,
  gamePageSchema,
  gameSchema,
  gameUpdateSchema,
} from '@backoffice/contracts';
import { crudRoutes } from '../../lib/crud-routes';

export const gamesRoutes = crudRoutes({
  tag: 'Game catalogue',
  noun: 'game',
  read: 'viewGameConfigurations',
  write: 'adjustGameLaunchParameters',
  schemas: {
    id: gameIdSchema,
    item: gameSchema,
    page: gamePageSchema,
    query: gameListQuerySchema,
    create: gameCreateSchema,
    update: gameUpdateSchema,
  },
});
