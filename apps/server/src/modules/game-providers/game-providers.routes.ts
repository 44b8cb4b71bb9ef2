import {
  gameProviderCreateSchema,
  gameProviderIdSchema,
  gameProviderListQuerySchema,
  gameProviderPageSchema,
  gameProviderSchema,
  gameProviderUpdateSchema,
} from '@backoffice/contracts';
import { crudRoutes } from '../../lib/crud-routes';

export const gameProvidersRoutes = crudRoutes({
  tag: 'Game catalogue',
  noun: 'game provider',
  read: 'viewGameConfigurations',
  write: 'adjustGameLaunchParameters',
  schemas: {
    id: gameProviderIdSchema,
    item: gameProviderSchema,
    page: gameProviderPageSchema,
    query: gameProviderListQuerySchema,
    create: gameProviderCreateSchema,
    update: gameProviderUpdateSchema,
  },
});
