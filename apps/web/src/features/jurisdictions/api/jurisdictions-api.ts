import type {
  Jurisdiction,
  JurisdictionCreate,
  JurisdictionListQuery,
  JurisdictionUpdate,
} from '@backoffice/contracts';
import { createCrudApi } from '../../../lib/crud-api';

export const jurisdictionsApi = createCrudApi<
  Jurisdiction,
  JurisdictionListQuery,
  JurisdictionCreate,
  JurisdictionUpdate
>('/jurisdictions');
