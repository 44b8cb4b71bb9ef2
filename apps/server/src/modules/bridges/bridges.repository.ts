import type { Bridge, BridgeListQuery } from '@backoffice/contracts';
import { getTableColumns, ilike, or } from 'drizzle-orm';
import { bridges } from '../../db/schema/index';
import { configRepository } from '../../lib/config-repository';
import { likePattern, toIso } from '../../lib/sql';

/** A bridge as stored, secret included: answered only through `toBridge`. */
export type StoredBridge = typeof bridges.$inferSelect;
export type BridgeValues = Pick<StoredBridge, 'name' | 'routerUrl' | 'properties' | 'secret'>;

export function toBridge(row: StoredBridge): Bridge {
  return {
    id: row.id,
    name: row.name,
    routerUrl: row.routerUrl,
    properties: row.properties,
    secretSet: row.secret !== '',
    version: row.version,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

export function createBridgesRepository() {
  return configRepository({
    table: bridges,
    selection: getTableColumns(bridges),
    toRecord: (row): StoredBridge => row,
    sortColumns: { name: bridges.name, routerUrl: bridges.routerUrl, updatedAt: bridges.updatedAt },
    filter: (query: BridgeListQuery) =>
      query.q
        ? or(ilike(bridges.name, likePattern(query.q)), ilike(bridges.routerUrl, likePattern(query.q)))
        : undefined,
  });
}
