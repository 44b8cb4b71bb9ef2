import type {
  IntegrationOption,
  IntegrationOptionCreate,
  IntegrationOptionListQuery,
  IntegrationOptionUpdate,
} from '@backoffice/contracts';
import { createCrudApi } from '../../../lib/crud-api';

export const integrationOptionsApi = createCrudApi<
  IntegrationOption,
  IntegrationOptionListQuery,
  IntegrationOptionCreate,
  IntegrationOptionUpdate
>('/integration-options');
