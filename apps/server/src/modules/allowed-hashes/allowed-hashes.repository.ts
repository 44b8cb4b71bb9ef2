import type { AllowedHash, AllowedHashListQuery } from '@backoffice/contracts';
import { and, getTableColumns, ilike, isNull } from 'drizzle-orm';
import { allowedHashes } from '../../db/schema/index';
import { configRepository } from '../../lib/config-repository';
import { likePattern, toIso } from '../../lib/sql';

export function createAllowedHashesRepository() {
  return configRepository({
    table: allowedHashes,
    selection: getTableColumns(allowedHashes),
    toRecord: (row): AllowedHash => ({
      id: row.id,
      component: row.component,
      hash: row.hash,
      note: row.note ?? '',
      // Read in the database's own text (mode 'string'): answered in ISO like every instant.
      retiredAt: row.retiredAt === null ? null : new Date(row.retiredAt).toISOString(),
      retiredBy: row.retiredBy,
      version: row.version,
      createdAt: toIso(row.createdAt),
      updatedAt: toIso(row.updatedAt),
    }),
    sortColumns: {
      component: allowedHashes.component,
      hash: allowedHashes.hash,
      createdAt: allowedHashes.createdAt,
      retiredAt: allowedHashes.retiredAt,
    },
    filter: (query: AllowedHashListQuery) =>
      and(
        query.q ? ilike(allowedHashes.component, likePattern(query.q)) : undefined,
        // Stored in lower case; the query is lowered by its schema.
        query.hash ? ilike(allowedHashes.hash, likePattern(query.hash)) : undefined,
        query.showRetired === 'true' ? undefined : isNull(allowedHashes.retiredAt),
      ),
  });
}
