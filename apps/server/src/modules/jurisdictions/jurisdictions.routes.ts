import {
  jurisdictionCreateSchema,
  jurisdictionIdSchema,
  jurisdictionListQuerySchema,
  jurisdictionPageSchema,
  jurisdictionSchema,
  jurisdictionUpdateSchema,
} from '@backoffice/contracts';
import { crudRoutes } from '../../lib/crud-routes';

export const jurisdictionsRoutes = crudRoutes({
  tag: 'Master data',
  noun: 'jurisdiction',
  read: 'viewGameConfigurations',
  write: 'adjustGameLaunchParameters',
  schemas: {
    id: jurisdictionIdSchema,
    item: jurisdictionSchema,
    page: jurisdictionPageSchema,
    query: jurisdictionListQuerySchema,
    create: jurisdictionCreateSchema,
    update: jurisdictionUpdateSchema,
  },
});
