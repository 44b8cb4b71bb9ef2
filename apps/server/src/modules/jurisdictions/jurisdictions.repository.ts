import type { Jurisdiction, JurisdictionListQuery } from '@backoffice/contracts';
import { getTableColumns } from 'drizzle-orm';
import { jurisdictions } from '../../db/schema/index';
import { configRepository, recordMetaOf } from '../../lib/config-repository';
import { searchIn } from '../../lib/list-page';

export function createJurisdictionsRepository() {
  return configRepository({
    table: jurisdictions,
    selection: getTableColumns(jurisdictions),
    toRecord: (row): Jurisdiction => ({
      id: row.id,
      name: row.name,
      ...recordMetaOf(row),
    }),
    sortColumns: {
      name: jurisdictions.name,
      createdAt: jurisdictions.createdAt,
      updatedAt: jurisdictions.updatedAt,
    },
    filter: (query: JurisdictionListQuery) => ({ q: searchIn(query.q, jurisdictions.name) }),
  });
}

export type JurisdictionsRepository = ReturnType<typeof createJurisdictionsRepository>;
