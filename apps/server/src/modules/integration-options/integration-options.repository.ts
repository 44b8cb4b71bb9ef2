import type { IntegrationOption, IntegrationOptionListQuery } from '@backoffice/contracts';
import { getTableColumns, ilike } from 'drizzle-orm';
import { casinoOptionValues, integrationOptions } from '../../db/schema/index';
import { configRepository, countOf } from '../../lib/config-repository';
import { likePattern, toIso } from '../../lib/sql';

export function createIntegrationOptionsRepository() {
  return configRepository({
    table: integrationOptions,
    selection: {
      ...getTableColumns(integrationOptions),
      casinoCount: countOf(casinoOptionValues, casinoOptionValues.optionId, integrationOptions.id),
    },
    toRecord: (row): IntegrationOption => ({
      id: row.id,
      name: row.name,
      dataType: row.dataType,
      casinoCount: row.casinoCount,
      version: row.version,
      createdAt: toIso(row.createdAt),
      updatedAt: toIso(row.updatedAt),
    }),
    sortColumns: {
      name: integrationOptions.name,
      dataType: integrationOptions.dataType,
      updatedAt: integrationOptions.updatedAt,
    },
    filter: (query: IntegrationOptionListQuery) =>
      query.q ? ilike(integrationOptions.name, likePattern(query.q)) : undefined,
  });
}
