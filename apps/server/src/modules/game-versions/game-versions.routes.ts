import {
  gameVersionCreateSchema,
  gameVersionIdSchema,
  gameVersionListQuerySchema,
  gameVersionPageSchema,
  gameVersionSchema,
  gameVersionUpdateSchema,
} from '@backoffice/contracts';
import { crudRoutes } from '../../lib/crud-routes';

export const gameVersionsRoutes = crudRoutes({
  tag: 'Game catalogue',
  noun: 'game version',
  read: 'viewGameConfigurations',
  write: 'adjustGameLaunchParameters',
  schemas: {
    id: gameVersionIdSchema,
    item: gameVersionSchema,
    page: gameVersionPageSchema,
    query: gameVersionListQuerySchema,
    create: gameVersionCreateSchema,
    update: gameVersionUpdateSchema,
  },
});
