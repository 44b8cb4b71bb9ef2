import type { IntegrationOption, IntegrationOptionListQuery } from '@backoffice/contracts';
import { casinoOptionValues, integrationOptions } from '../../db/schema/index';
import { configRepository, countOf, recordColumns, recordMetaOf } from '../../lib/config-repository';
import { searchIn } from '../../lib/list-page';

export function createIntegrationOptionsRepository() {
  return configRepository({
    table: integrationOptions,
    selection: {
      ...recordColumns(integrationOptions),
      casinoCount: countOf(casinoOptionValues, casinoOptionValues.optionId, integrationOptions.id),
    },
    toRecord: (row): IntegrationOption => ({
      id: row.id,
      name: row.name,
      dataType: row.dataType,
      casinoCount: row.casinoCount,
      ...recordMetaOf(row),
    }),
    sortColumns: {
      name: integrationOptions.name,
      dataType: integrationOptions.dataType,
      updatedAt: integrationOptions.updatedAt,
    },
    filter: (query: IntegrationOptionListQuery) => ({ q: searchIn(query.q, integrationOptions.name) }),
  });
}
