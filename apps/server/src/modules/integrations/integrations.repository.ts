import type { Integration, IntegrationListQuery, PushResult } from '@backoffice/contracts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  bridges,
  casinos,
  integrationCasinos,
  integrationDeliveries,
  integrationGames,
  integrations,
} from '../../db/schema/index';
import { equalTo, flagIs, listPage, oneOf, searchIn, type ListConditions } from '../../lib/list-page';
import type { Scope } from '../../lib/scope';
import { recordColumns, type RecordRow } from '../../lib/config-repository';
import { preparedOnce } from '../../lib/sql';
import { nextVersion } from '../../lib/writes';
import {
  contentDigest,
  documentContent,
  inactiveVersionsByIntegration,
  listedContentDigest,
  type DocumentContent,
} from './integration-document';

type Row = RecordRow<typeof integrations.$inferSelect>;

/** The integration's own columns that a create or an update sets. */
export type IntegrationValues = Omit<
  Row,
  'id' | 'lastPush' | 'deliveredDigest' | 'active' | 'version' | 'createdAt' | 'updatedAt'
>;

/** An integration as read: the row with its bridge's name, bound casinos and number of games. */
export type StoredIntegration = Row & {
  bridgeName: string;
  casinoIds: string[];
  gameCount: number;
  pendingDelivery: { pendingSince: string; attempts: number; lastError: string | null } | null;
};

/**
 * An integration as answered: with whether the bridge holds its current document. That takes the whole
 * document's digest, so only reads that answer a caller ask for it, never the reads inside a change.
 */
export type AnsweredIntegration = StoredIntegration & { inSync: boolean };

const gameCount = sql<number>`(select count(*)::int from ${integrationGames} where ${integrationGames.integrationId} = ${integrations.id})`;
// json_agg: both drivers hand back a parsed array.
const casinoIds = sql<
  string[]
>`coalesce((select json_agg(${integrationCasinos.casinoId} order by ${integrationCasinos.casinoId}) from ${integrationCasinos} where ${integrationCasinos.integrationId} = ${integrations.id}), '[]'::json)`;

// json_build_object: both drivers hand back a parsed object (the time as PostgreSQL writes it).
const pendingDelivery = sql<{
  pendingSince: string;
  attempts: number;
  lastError: string | null;
} | null>`(select json_build_object('pendingSince', ${integrationDeliveries.requestedAt}, 'attempts', ${integrationDeliveries.attempts}, 'lastError', ${integrationDeliveries.lastError}) from ${integrationDeliveries} where ${integrationDeliveries.integrationId} = ${integrations.id})`;

/** Whether the bridge confirmed the document a push would send now, whose digest is `digest`. */
const inSyncBy = (digest: SQL<string>) =>
  sql<boolean>`coalesce(${integrations.deliveredDigest} = ${digest}, false)`;

const selection = {
  row: recordColumns(integrations),
  bridgeName: bridges.name,
  casinoIds,
  gameCount,
  pendingDelivery,
};

const answerSelection = { ...selection, inSync: inSyncBy(contentDigest) };

function stored<Read extends { row: Row }>({ row, ...derived }: Read): Row & Omit<Read, 'row'> {
  return { ...row, ...derived };
}

export function toIntegration(integration: AnsweredIntegration): Integration {
  return {
    id: integration.id,
    name: integration.name,
    bridgeId: integration.bridgeId,
    bridgeName: integration.bridgeName,
    gameClientIntegrationUrl: integration.gameClientIntegrationUrl,
    casinoIds: integration.casinoIds,
    defaultCasinoId: integration.defaultCasinoId,
    gameRoundValidityPeriodDays: integration.gameRoundValidityPeriodDays,
    properties: integration.properties,
    persistence: integration.persistence,
    rules: integration.rules,
    ruleTests: integration.ruleTests,
    active: integration.active,
    gameCount: integration.gameCount,
    lastPush: integration.lastPush ?? null,
    pendingDelivery: integration.pendingDelivery && {
      ...integration.pendingDelivery,
      pendingSince: new Date(integration.pendingDelivery.pendingSince).toISOString(),
    },
    inSync: integration.inSync,
    version: integration.version,
    createdAt: integration.createdAt,
    updatedAt: integration.updatedAt,
  };
}

const sortColumns = {
  id: integrations.id,
  name: integrations.name,
  active: integrations.active,
  updatedAt: integrations.updatedAt,
} as const;

/** An integrations list query's conditions, the scope's among them (see `listPage`). */
function listConditions(query: IntegrationListQuery, scope: Scope): ListConditions {
  return {
    scope: oneOf(integrations.id, scope.unlimited ? undefined : scope.integrationIds),
    q: searchIn(query.q, integrations.id, integrations.name),
    active: flagIs(integrations.active, query.active),
    bridge: equalTo(integrations.bridgeId, query.bridgeId),
  };
}

export function createIntegrationsRepository() {
  // Every read of an integration names its bridge.
  const withBridge = <Fields extends typeof selection>(db: Db, fields: Fields) =>
    db.select(fields).from(integrations).innerJoin(bridges, eq(bridges.id, integrations.bridgeId));
  const joined = (db: Db) => withBridge(db, selection);
  const answered = (db: Db) => withBridge(db, answerSelection);
  // A page of the list finds the inactive versions of its rows' games once, not once a row.
  const listed = (db: Db) => {
    const inactive = inactiveVersionsByIntegration(db);
    return withBridge(db, { ...selection, inSync: inSyncBy(listedContentDigest) }).leftJoin(
      inactive,
      eq(inactive.integrationId, integrations.id),
    );
  };

  return {
    /** One page of the integrations in the scope. */
    async list(
      db: Db,
      query: IntegrationListQuery,
      scope: Scope,
    ): Promise<{ items: Integration[]; total: number }> {
      const { rows, total } = await listPage<
        Awaited<ReturnType<ReturnType<typeof answered>['execute']>>[number]
      >(
        db,
        { name: 'integrations', select: listed, table: integrations, key: integrations.id, sortColumns },
        query,
        listConditions(query, scope),
      );
      return { items: rows.map((row) => toIntegration(stored(row))), total };
    },

    async findById(db: Db, id: string): Promise<StoredIntegration | undefined> {
      const byId = preparedOnce(db, 'integrations_by_id', () =>
        joined(db).where(eq(integrations.id, sql.placeholder('id'))),
      );
      const [row] = await byId.execute({ id });
      return row && stored(row);
    },

    /** The integration as a caller is answered (`AnsweredIntegration`). */
    async findAnswer(db: Db, id: string): Promise<AnsweredIntegration | undefined> {
      const byId = preparedOnce(db, 'integrations_answer_by_id', () =>
        answered(db).where(eq(integrations.id, sql.placeholder('id'))),
      );
      const [row] = await byId.execute({ id });
      return row && stored(row);
    },

    /** Holds the integration against concurrent changes until the transaction ends. */
    async lock(db: Db, id: string): Promise<void> {
      await db
        .select({ id: integrations.id })
        .from(integrations)
        .where(eq(integrations.id, id))
        .for('update');
    },

    async insert(db: Db, values: IntegrationValues & { id: string }): Promise<void> {
      await db.insert(integrations).values(values);
    },

    /** Updates only when the stored version is still `version`; false otherwise. */
    async update(db: Db, id: string, version: number, values: IntegrationValues): Promise<boolean> {
      const rows = await db
        .update(integrations)
        .set({ ...values, ...nextVersion(integrations.version) })
        .where(and(eq(integrations.id, id), eq(integrations.version, version)))
        .returning({ id: integrations.id });
      return rows.length > 0;
    },

    /** Switches the integration on or off at `version`; false when it is no longer at that version. */
    async setActive(db: Db, id: string, version: number, active: boolean): Promise<boolean> {
      const rows = await db
        .update(integrations)
        .set({ active, ...nextVersion(integrations.version) })
        .where(and(eq(integrations.id, id), eq(integrations.version, version)))
        .returning({ id: integrations.id });
      return rows.length > 0;
    },

    /**
     * A change of the integration's games is a change of its configuration (the pushed document lists
     * them): the next version, so a push names what it sends. False when the integration is gone.
     */
    async bumpVersion(db: Db, id: string): Promise<boolean> {
      const rows = await db
        .update(integrations)
        .set(nextVersion(integrations.version))
        .where(eq(integrations.id, id))
        .returning({ id: integrations.id });
      return rows.length > 0;
    },

    /**
     * Records what the bridge confirmed, and the digest of the document it holds. The version stays as it
     * is: a push sends the configuration, it does not change it, so an edit form opened before the push can
     * still be saved.
     */
    async setLastPush(db: Db, id: string, lastPush: PushResult, deliveredDigest: string): Promise<boolean> {
      const rows = await db
        .update(integrations)
        .set({ lastPush, deliveredDigest })
        .where(eq(integrations.id, id))
        .returning({ id: integrations.id });
      return rows.length > 0;
    },

    /** Replaces the bound casinos. */
    async replaceCasinos(db: Db, id: string, casinoIds: readonly string[]): Promise<void> {
      await db.delete(integrationCasinos).where(eq(integrationCasinos.integrationId, id));
      if (casinoIds.length > 0) {
        await db
          .insert(integrationCasinos)
          .values(casinoIds.map((casinoId) => ({ integrationId: id, casinoId })));
      }
    },

    /** Deletes only when the stored version is still `version`; false otherwise. */
    async delete(db: Db, id: string, version: number): Promise<boolean> {
      const rows = await db
        .delete(integrations)
        .where(and(eq(integrations.id, id), eq(integrations.version, version)))
        .returning({ id: integrations.id });
      return rows.length > 0;
    },

    /** The ids among `ids` that are casinos. */
    async existingCasinos(db: Db, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: casinos.id })
        .from(casinos)
        .where(inArray(casinos.id, [...ids]));
      return new Set(rows.map((row) => row.id));
    },

    /** The bridge with its secret: for calling it, never for answering. */
    async bridge(db: Db, bridgeId: string) {
      const [row] = await db
        .select({ id: bridges.id, name: bridges.name, routerUrl: bridges.routerUrl, secret: bridges.secret })
        .from(bridges)
        .where(eq(bridges.id, bridgeId));
      return row;
    },

    /** The content of the integration's configuration document as it is now, with its digest. */
    async document(db: Db, id: string): Promise<{ content: DocumentContent; digest: string } | undefined> {
      const [row] = await db
        .select({ content: documentContent, digest: contentDigest })
        .from(integrations)
        .where(eq(integrations.id, id));
      return row;
    },
  };
}

export type IntegrationsRepository = ReturnType<typeof createIntegrationsRepository>;
