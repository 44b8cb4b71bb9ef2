import type { Jurisdiction, JurisdictionListQuery } from '@backoffice/contracts';
import { jurisdictions } from '../../db/schema/index';
import { configRepository, recordColumns, recordMetaOf } from '../../lib/config-repository';
import { searchIn } from '../../lib/list-page';

export function createJurisdictionsRepository() {
  return configRepository({
    table: jurisdictions,
    selection: recordColumns(jurisdictions),
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
