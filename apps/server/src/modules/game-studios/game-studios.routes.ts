import {
  gameStudioCreateSchema,
  gameStudioIdSchema,
  gameStudioListQuerySchema,
  gameStudioPageSchema,
  gameStudioSchema,
  gameStudioUpdateSchema,
} from '@backoffice/contracts';
import { crudRoutes } from '../../lib/crud-routes';

export const gameStudiosRoutes = crudRoutes({
  tag: 'Game catalogue',
  noun: 'game studio',
  read: 'viewGameConfigurations',
  write: 'adjustGameLaunchParameters',
  schemas: {
    id: gameStudioIdSchema,
    item: gameStudioSchema,
    page: gameStudioPageSchema,
    query: gameStudioListQuerySchema,
    create: gameStudioCreateSchema,
    update: gameStudioUpdateSchema,
  },
});
