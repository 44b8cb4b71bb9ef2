import {
  integrationOptionCreateSchema,
  integrationOptionIdSchema,
  integrationOptionListQuerySchema,
  integrationOptionPageSchema,
  integrationOptionSchema,
  integrationOptionUpdateSchema,
} from '@backoffice/contracts';
import { crudRoutes } from '../../lib/crud-routes';

export const integrationOptionsRoutes = crudRoutes({
  tag: 'Operators',
  noun: 'integration option',
  read: 'viewGameConfigurations',
  write: 'adjustGameLaunchParameters',
  schemas: {
    id: integrationOptionIdSchema,
    item: integrationOptionSchema,
    page: integrationOptionPageSchema,
    query: integrationOptionListQuerySchema,
    create: integrationOptionCreateSchema,
    update: integrationOptionUpdateSchema,
  },
});
