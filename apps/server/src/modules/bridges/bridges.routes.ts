import {
  bridgeCreateSchema,
  bridgeIdSchema,
  bridgeListQuerySchema,
  bridgePageSchema,
  bridgeSchema,
  bridgeUpdateSchema,
} from '@backoffice/contracts';
import { crudRoutes } from '../../lib/crud-routes';

export const bridgesRoutes = crudRoutes({
  tag: 'Operators',
  noun: 'bridge',
  read: 'viewGameConfigurations',
  write: 'adjustBridgeSettings',
  schemas: {
    id: bridgeIdSchema,
    item: bridgeSchema,
    page: bridgePageSchema,
    query: bridgeListQuerySchema,
    create: bridgeCreateSchema,
    update: bridgeUpdateSchema,
  },
});
