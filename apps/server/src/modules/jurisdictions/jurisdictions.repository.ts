import type { Jurisdiction, JurisdictionListQuery } from '@backoffice/contracts';
import { getTableColumns, ilike } from 'drizzle-orm';
import { jurisdictions } from '../../db/schema/index';
import { configRepository } from '../../lib/config-repository';
import { likePattern, toIso } from '../../lib/sql';

export function createJurisdictionsRepository() {
  return configRepository({
    table: jurisdictions,
    selection: getTableColumns(jurisdictions),
    toRecord: (row): Jurisdiction => ({
      id: row.id,
      name: row.name,
      version: row.version,
      createdAt: toIso(row.createdAt),
      updatedAt: toIso(row.updatedAt),
    }),
    sortColumns: {
      name: jurisdictions.name,
      createdAt: jurisdictions.createdAt,
      updatedAt: jurisdictions.updatedAt,
    },
    filter: (query: JurisdictionListQuery) =>
      query.q ? ilike(jurisdictions.name, likePattern(query.q)) : undefined,
  });
}

export type JurisdictionsRepository = ReturnType<typeof createJurisdictionsRepository>;
