import type { Bridge, BridgeListQuery } from '@backoffice/contracts';
import { bridges } from '../../db/schema/index';
import { configRepository, recordColumns, recordMetaOf, type RecordRow } from '../../lib/config-repository';
import { searchIn } from '../../lib/list-page';

/** A bridge as stored, secret included: answered only through `toBridge`. */
export type StoredBridge = RecordRow<typeof bridges.$inferSelect>;
export type BridgeValues = Pick<StoredBridge, 'name' | 'routerUrl' | 'properties' | 'secret'>;

export function toBridge(row: StoredBridge): Bridge {
  return {
    id: row.id,
    name: row.name,
    routerUrl: row.routerUrl,
    properties: row.properties,
    secretSet: row.secret !== '',
    ...recordMetaOf(row),
  };
}

export function createBridgesRepository() {
  return configRepository({
    table: bridges,
    selection: recordColumns(bridges),
    toRecord: (row): StoredBridge => row,
    sortColumns: { name: bridges.name, routerUrl: bridges.routerUrl, updatedAt: bridges.updatedAt },
    filter: (query: BridgeListQuery) => ({ q: searchIn(query.q, bridges.name, bridges.routerUrl) }),
  });
}
