import type { AllowedHash, AllowedHashListQuery } from '@backoffice/contracts';
import { isNull } from 'drizzle-orm';
import { allowedHashes } from '../../db/schema/index';
import { configRepository, recordColumns, recordMetaOf } from '../../lib/config-repository';
import { searchIn } from '../../lib/list-page';

export function createAllowedHashesRepository() {
  return configRepository({
    table: allowedHashes,
    selection: recordColumns(allowedHashes),
    toRecord: (row): AllowedHash => ({
      id: row.id,
      component: row.component,
      hash: row.hash,
      note: row.note ?? '',
      // Read in the database's own text (mode 'string'): answered in ISO like every instant.
      retiredAt: row.retiredAt === null ? null : new Date(row.retiredAt).toISOString(),
      retiredBy: row.retiredBy,
      ...recordMetaOf(row),
    }),
    sortColumns: {
      component: allowedHashes.component,
      hash: allowedHashes.hash,
      createdAt: allowedHashes.createdAt,
      retiredAt: allowedHashes.retiredAt,
    },
    filter: (query: AllowedHashListQuery) => ({
      q: searchIn(query.q, allowedHashes.component),
      // Stored in lower case; the query is lowered by its schema.
      hash: searchIn(query.hash, allowedHashes.hash),
      current: query.showRetired === 'true' ? undefined : { where: () => isNull(allowedHashes.retiredAt) },
    }),
  });
}
