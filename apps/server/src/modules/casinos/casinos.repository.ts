import type {
  Casino,
  CasinoListItem,
  CasinoListQuery,
  IntegrationOptionDataType,
  PendingDelivery,
} from '@backoffice/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  bridges,
  casinoGames,
  casinoOptionValues,
  casinoProviderConfigs,
  casinos,
  gameProviders,
  integrationCasinos,
  integrationDeliveries,
  integrationOptions,
  integrations,
  jurisdictions,
} from '../../db/schema/index';
import { instantsOf, recordColumns, type RecordRow } from '../../lib/config-repository';
import { integrationInScope, type Scope } from '../../lib/scope';
import {
  equalTo,
  flagIs,
  listPage,
  oneOf,
  searchIn,
  type ListConditions,
  type ListSource,
} from '../../lib/list-page';
import { preparedOnce } from '../../lib/sql';
import { nextVersion } from '../../lib/writes';
import { operatorSecretsSetOf } from './casinos.config';

const gameCount = sql<number>`(select count(*)::int from ${casinoGames} where ${casinoGames.casinoId} = ${casinos.id})`;

/** A casino's provider settings, by provider: in the casino's own row, so a page of casinos is one query. */
const providerConfigs = sql<CasinoProviderConfig[]>`coalesce((
  select json_agg(json_build_object('providerId', ${casinoProviderConfigs.providerId},
      'providerName', ${gameProviders.name}, 'config', ${casinoProviderConfigs.config})
    order by ${casinoProviderConfigs.providerId})
  from ${casinoProviderConfigs}
  join ${gameProviders} on ${gameProviders.id} = ${casinoProviderConfigs.providerId}
  where ${casinoProviderConfigs.casinoId} = ${casinos.id}), '[]'::json)`;

/** Its values of integration options, by option name. */
const optionValues = sql<CasinoOptionValue[]>`coalesce((
  select json_agg(json_build_object('optionId', ${casinoOptionValues.optionId},
      'optionName', ${integrationOptions.name}, 'dataType', ${integrationOptions.dataType},
      'value', ${casinoOptionValues.value})
    order by ${integrationOptions.name}, ${integrationOptions.id})
  from ${casinoOptionValues}
  join ${integrationOptions} on ${integrationOptions.id} = ${casinoOptionValues.optionId}
  where ${casinoOptionValues.casinoId} = ${casinos.id}), '[]'::json)`;

/** The integrations it is bound to. */
const integrationIds = sql<
  string[]
>`array(select ${integrationCasinos.integrationId} from ${integrationCasinos}
  where ${integrationCasinos.casinoId} = ${casinos.id} order by 1)`;

/**
 * The deliveries its integrations wait for (issue 18), each with its integration: the answer shows the
 * oldest of those in the caller's scope.
 */
const deliveries = sql<PendingIntegrationDelivery[]>`coalesce((select json_agg(json_build_object(
    'integrationId', ${integrationDeliveries.integrationId}, 'pendingSince', ${integrationDeliveries.requestedAt},
    'attempts', ${integrationDeliveries.attempts}, 'lastError', ${integrationDeliveries.lastError})
    order by ${integrationDeliveries.requestedAt})
  from ${integrationDeliveries}
  join ${integrationCasinos} on ${integrationCasinos.integrationId} = ${integrationDeliveries.integrationId}
  where ${integrationCasinos.casinoId} = ${casinos.id}), '[]'::json)`;

const selection = {
  casino: recordColumns(casinos),
  bridgeName: bridges.name,
  jurisdictionName: jurisdictions.name,
  gameCount,
  providerConfigs,
  optionValues,
  integrationIds,
  deliveries,
};

/**
 * What a list row reads, as the list answers it: the casino's own identifying columns, its bridge's and
 * jurisdiction's names and its game count.
 */
const listSelection = {
  id: casinos.id,
  name: casinos.name,
  bridgeId: casinos.bridgeId,
  bridgeName: bridges.name,
  api: casinos.api,
  jurisdictionId: casinos.jurisdictionId,
  jurisdictionName: jurisdictions.name,
  active: casinos.active,
  gameCount,
  version: casinos.version,
  ...instantsOf(casinos),
};

type Row = typeof casinos.$inferSelect;

/** The stored columns of a casino that a create or change sets (not the id, not `active`). */
export type CasinoValues = Omit<Row, 'id' | 'active' | 'version' | 'createdAt' | 'updatedAt'>;

export interface CasinoProviderConfig {
  providerId: string;
  providerName: string;
  config: Record<string, string>;
}

export interface CasinoOptionValue {
  optionId: string;
  optionName: string;
  dataType: string;
  value: string;
}

/** A casino as stored, secrets included: never answered as it is (see `toCasino`). */
export type StoredCasino = RecordRow<Row> & {
  bridgeName: string;
  jurisdictionName: string;
  gameCount: number;
  providerConfigs: CasinoProviderConfig[];
  optionValues: CasinoOptionValue[];
  integrationIds: string[];
  deliveries: PendingIntegrationDelivery[];
};

export interface PendingIntegrationDelivery extends PendingDelivery {
  integrationId: string;
}

/**
 * The casino as `scope` may see it, secrets left out: only the integrations of the scope are named, and
 * the pending delivery shown is the oldest of theirs.
 */
export function toCasino(stored: StoredCasino, scope: Scope): Casino {
  const [pending] = stored.deliveries.filter((delivery) => integrationInScope(scope, delivery.integrationId));
  return {
    id: stored.id,
    name: stored.name,
    bridgeId: stored.bridgeId,
    bridgeName: stored.bridgeName,
    api: stored.api,
    config: stored.config,
    secretsSet: operatorSecretsSetOf(stored.secrets),
    jurisdictionId: stored.jurisdictionId,
    jurisdictionName: stored.jurisdictionName,
    showGameLaunchPage: stored.showGameLaunchPage,
    cheatingAllowed: stored.cheatingAllowed,
    sendEventMessages: stored.sendEventMessages,
    gameRoundValidityPeriodDays: stored.gameRoundValidityPeriodDays,
    properties: stored.properties,
    providerConfigs: stored.providerConfigs,
    optionValues: stored.optionValues,
    active: stored.active,
    gameCount: stored.gameCount,
    integrationIds: stored.integrationIds.filter((id) => integrationInScope(scope, id)),
    pendingDelivery: pending
      ? {
          pendingSince: new Date(pending.pendingSince).toISOString(),
          attempts: pending.attempts,
          lastError: pending.lastError,
        }
      : null,
    version: stored.version,
    createdAt: stored.createdAt,
    updatedAt: stored.updatedAt,
  };
}

const sortColumns = {
  id: casinos.id,
  name: casinos.name,
  active: casinos.active,
  updatedAt: casinos.updatedAt,
} as const;

/** A casinos list query's conditions, the scope's among them (see `listPage`). */
function listConditions(query: CasinoListQuery, scope: Scope): ListConditions {
  return {
    scope: oneOf(casinos.id, scope.unlimited ? undefined : scope.casinoIds),
    q: searchIn(query.q, casinos.id, casinos.name),
    active: flagIs(casinos.active, query.active),
    bridge: equalTo(casinos.bridgeId, query.bridgeId),
    jurisdiction: equalTo(casinos.jurisdictionId, query.jurisdictionId),
  };
}

const listSource: ListSource = {
  name: 'casinos',
  select: (db) =>
    db
      .select(listSelection)
      .from(casinos)
      .innerJoin(bridges, eq(bridges.id, casinos.bridgeId))
      .innerJoin(jurisdictions, eq(jurisdictions.id, casinos.jurisdictionId)),
  table: casinos,
  key: casinos.id,
  sortColumns,
};

export function createCasinosRepository() {
  const joined = (db: Db) =>
    db
      .select(selection)
      .from(casinos)
      .innerJoin(bridges, eq(bridges.id, casinos.bridgeId))
      .innerJoin(jurisdictions, eq(jurisdictions.id, casinos.jurisdictionId));

  /** A stored casino of a joined row: its children came with it (see `selection`). */
  const stored = ({
    casino,
    ...joinedFields
  }: Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number]): StoredCasino => ({
    ...casino,
    ...joinedFields,
  });

  return {
    /** A page of casinos as a list shows them: no configuration children (see `CasinoListItem`). */
    async list(
      db: Db,
      query: CasinoListQuery,
      scope: Scope,
    ): Promise<{ items: CasinoListItem[]; total: number }> {
      const { rows, total } = await listPage<CasinoListItem>(
        db,
        listSource,
        query,
        listConditions(query, scope),
      );
      return { items: rows, total };
    },

    async findById(db: Db, id: string): Promise<StoredCasino | undefined> {
      const byId = preparedOnce(db, 'casinos_by_id', () =>
        joined(db).where(eq(casinos.id, sql.placeholder('id'))),
      );
      const [row] = await byId.execute({ id });
      return row && stored(row);
    },

    async exists(db: Db, id: string): Promise<boolean> {
      const rows = await db.select({ id: casinos.id }).from(casinos).where(eq(casinos.id, id));
      return rows.length > 0;
    },

    async insert(db: Db, values: CasinoValues & { id: string }): Promise<void> {
      // New casinos start inactive: no player reaches them before they are switched on.
      await db.insert(casinos).values({ ...values, active: false });
    },

    /** Updates only when the stored version is still `version`; false otherwise. */
    async update(db: Db, id: string, version: number, values: CasinoValues): Promise<boolean> {
      const rows = await db
        .update(casinos)
        .set({ ...values, ...nextVersion(casinos.version) })
        .where(and(eq(casinos.id, id), eq(casinos.version, version)))
        .returning({ id: casinos.id });
      return rows.length > 0;
    },

    /** Sets `active` only when the stored version is still `version`; false otherwise. */
    async setActive(db: Db, id: string, version: number, active: boolean): Promise<boolean> {
      const rows = await db
        .update(casinos)
        .set({ active, ...nextVersion(casinos.version) })
        .where(and(eq(casinos.id, id), eq(casinos.version, version)))
        .returning({ id: casinos.id });
      return rows.length > 0;
    },

    /** Deletes (with its games, option values and provider settings) only at `version`; false otherwise. */
    async delete(db: Db, id: string, version: number): Promise<boolean> {
      const rows = await db
        .delete(casinos)
        .where(and(eq(casinos.id, id), eq(casinos.version, version)))
        .returning({ id: casinos.id });
      return rows.length > 0;
    },

    async replaceProviderConfigs(
      db: Db,
      casinoId: string,
      configs: { providerId: string; config: Record<string, string> }[],
    ): Promise<void> {
      await db.delete(casinoProviderConfigs).where(eq(casinoProviderConfigs.casinoId, casinoId));
      if (configs.length === 0) return;
      await db
        .insert(casinoProviderConfigs)
        .values(configs.map(({ providerId, config }) => ({ casinoId, providerId, config })));
    },

    async replaceOptionValues(
      db: Db,
      casinoId: string,
      values: { optionId: string; value: string }[],
    ): Promise<void> {
      await db.delete(casinoOptionValues).where(eq(casinoOptionValues.casinoId, casinoId));
      if (values.length === 0) return;
      await db
        .insert(casinoOptionValues)
        .values(values.map(({ optionId, value }) => ({ casinoId, optionId, value })));
    },

    /** The ids among `ids` that are game providers. */
    async existingProviderIds(db: Db, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: gameProviders.id })
        .from(gameProviders)
        .where(inArray(gameProviders.id, ids));
      return new Set(rows.map((row) => row.id));
    },

    /**
     * The integration options among `ids`, held (FOR SHARE) until the transaction ends, so that neither
     * their data type nor their existence changes between the check of a value and its write.
     */
    async optionsFor(
      db: Db,
      ids: string[],
    ): Promise<Map<string, { name: string; dataType: IntegrationOptionDataType }>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          id: integrationOptions.id,
          name: integrationOptions.name,
          dataType: integrationOptions.dataType,
        })
        .from(integrationOptions)
        .where(inArray(integrationOptions.id, ids))
        .for('share');
      return new Map(rows.map(({ id, ...option }) => [id, option]));
    },

    /** Whether an integration uses the casino as its default. */
    async isIntegrationDefault(db: Db, id: string): Promise<boolean> {
      const rows = await db
        .select({ id: integrations.id })
        .from(integrations)
        .where(eq(integrations.defaultCasinoId, id))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type CasinosRepository = ReturnType<typeof createCasinosRepository>;
