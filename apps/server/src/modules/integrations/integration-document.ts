/**
 * The configuration document a push sends to the integration's bridge (docs/bridge-protocol.md,
 * `PUT /integrations/{integrationId}/configuration`). The protocol only requires `configurationVersion`;
 * the rest is what the bridge needs to route and run launches of the integration.
 *
 * The document's content is built by PostgreSQL (`documentContent`) and so is its digest (`contentDigest`):
 * a push sends the one and keeps the other, and a list compares digests without reading documents into the
 * server (issue 18: "in sync" on every row).
 */
import type { DocumentChange, Persistence, RoutingRule } from '@backoffice/contracts';
import { and, eq, not, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  casinos,
  gameVersions,
  globalSettings,
  integrationCasinos,
  integrationGames,
  integrations,
} from '../../db/schema/index';
import { diffFields } from '../audit/audit.service';

export type IntegrationConfigurationDocument = {
  /** The configuration version: what the bridge echoes, so the back office knows what it holds. */
  configurationVersion: number;
  integrationId: string;
  name: string;
  active: boolean;
  gameClientIntegrationUrl: string;
  /** The integration's own period, else the global default (master data). */
  gameRoundValidityPeriodDays: number | null;
  properties: Record<string, string>;
  persistence: Persistence;
  /** First match wins; no match goes to the default casino, or is refused without one. */
  rules: RoutingRule[];
  defaultCasinoId: string | null;
  casinos: { id: string; name: string; active: boolean }[];
  /** Every assigned game with its flag: the bridge launches only the active ones. */
  games: { gameId: string; active: boolean }[];
  /**
   * Versions of assigned games that start no new rounds (a CPV mismatch deactivated them, spec §4); open
   * rounds on them can finish.
   */
  inactiveGameVersions: { gameId: string; versionNumber: string }[];
};

export type DocumentContent = Omit<IntegrationConfigurationDocument, 'configurationVersion'>;

/** A list as a JSON array (empty, not null, without entries). */
const arrayOf = (aggregate: SQL) => sql`coalesce((${aggregate}), '[]'::jsonb)`;

/** The inactive versions of games as the document lists them, in a fixed order (`game_versions` rows). */
const inactiveVersionsAggregate = sql`jsonb_agg(jsonb_build_object(
      'gameId', ${gameVersions.gameId}, 'versionNumber', ${gameVersions.versionNumber})
      order by ${gameVersions.gameId}, ${gameVersions.versionNumber})`;

/** The inactive versions of the games of the integration in the row being read, read for that row. */
const inactiveVersionsOfRow = sql`(select ${inactiveVersionsAggregate}
    from ${gameVersions} join ${integrationGames} on ${integrationGames.gameId} = ${gameVersions.gameId}
    where ${integrationGames.integrationId} = ${integrations.id} and not ${gameVersions.active})`;

/**
 * The content of the document of the integration in the row being read (`integrations`) without its games:
 * everything but the version and the games, with every list in a fixed order. `inactiveVersions` is the
 * row's aggregate of `inactiveVersionsAggregate` (null for none).
 */
const documentHeadWith = (inactiveVersions: SQL) => sql<Omit<DocumentContent, 'games'>>`jsonb_build_object(
  'integrationId', ${integrations.id},
  'name', ${integrations.name},
  'active', ${integrations.active},
  'gameClientIntegrationUrl', ${integrations.gameClientIntegrationUrl},
  'gameRoundValidityPeriodDays', coalesce(${integrations.gameRoundValidityPeriodDays},
    (select ${globalSettings.defaultGameRoundValidityPeriodDays} from ${globalSettings} where ${globalSettings.id} = 1)),
  'properties', ${integrations.properties},
  'persistence', ${integrations.persistence},
  'rules', ${integrations.rules},
  'defaultCasinoId', ${integrations.defaultCasinoId},
  'casinos', ${arrayOf(sql`select jsonb_agg(jsonb_build_object(
      'id', ${casinos.id}, 'name', ${casinos.name}, 'active', ${casinos.active}) order by ${casinos.id})
    from ${integrationCasinos} join ${casinos} on ${casinos.id} = ${integrationCasinos.casinoId}
    where ${integrationCasinos.integrationId} = ${integrations.id}`)},
  'inactiveGameVersions', ${arrayOf(inactiveVersions)}
)`;

const documentHead = documentHeadWith(inactiveVersionsOfRow);

const assignedGames = sql`from ${integrationGames} where ${integrationGames.integrationId} = ${integrations.id}`;

/**
 * The content of the document of the integration in the row being read (`integrations`): everything but
 * the version, with every list in a fixed order.
 */
export const documentContent = sql<DocumentContent>`(${documentHead} || jsonb_build_object('games', ${arrayOf(
  sql`select jsonb_agg(jsonb_build_object('gameId', ${integrationGames.gameId}, 'active', ${integrationGames.active})
    order by ${integrationGames.gameId}) ${assignedGames}`,
)}))`;

/**
 * SHA-256 (hex) of the content of the document whose head is `head`: equal for two contents exactly when
 * they say the same. PostgreSQL's jsonb has one text for one value (keys in its own order); the games — the
 * long part, which a list reads for every row — are written shorter, `id+` or `id-` (active or not) in id
 * order, comma-separated (an id has neither sign nor comma).
 */
const digestOf = (head: SQL) => sql<string>`encode(sha256(convert_to(${head}::text || '|' || coalesce((
  select string_agg(${integrationGames.gameId} || case when ${integrationGames.active} then '+' else '-' end, ','
    order by ${integrationGames.gameId}) ${assignedGames}), ''), 'UTF8')), 'hex')`;

/** The digest of the content of the document of the integration in the row being read. */
export const contentDigest = digestOf(documentHead);

const INACTIVE_VERSIONS = 'inactive_versions';

/**
 * The inactive versions of every integration's games, one row an integration that has any, for a list to
 * join: found once for the whole list, from the few inactive versions, instead of once a row from each of
 * its hundreds of games. A row joined with it has its digest in `listedContentDigest`.
 */
export const inactiveVersionsByIntegration = (db: Db) =>
  db
    .select({
      integrationId: integrationGames.integrationId,
      versions: sql`${inactiveVersionsAggregate}`.as('versions'),
    })
    .from(gameVersions)
    .innerJoin(
      integrationGames,
      and(eq(integrationGames.gameId, gameVersions.gameId), not(gameVersions.active)),
    )
    .groupBy(integrationGames.integrationId)
    .as(INACTIVE_VERSIONS);

/** `contentDigest` of a row joined with its `inactiveVersionsByIntegration`: the same digest. */
export const listedContentDigest = digestOf(
  documentHeadWith(sql`${sql.identifier(INACTIVE_VERSIONS)}.${sql.identifier('versions')}`),
);

/** What a document says, without its version: the part a configuration version stands for. */
function content(document: Record<string, unknown>): Record<string, unknown> {
  const { configurationVersion: _version, ...rest } = document;
  return rest;
}

/**
 * A document as fields to compare: the lists become records keyed by what identifies an entry (a casino by
 * its id, a game by its id, a rule by its position), so a change reads "casinos.casino-eu.name".
 */
function comparable(document: Record<string, unknown>): Record<string, unknown> {
  const byKey = <T>(items: unknown, key: (item: T, index: number) => string) =>
    Object.fromEntries(((items as T[] | undefined) ?? []).map((item, index) => [key(item, index), item]));
  const { casinos, games, rules, inactiveGameVersions, ...rest } = content(document);
  return {
    ...rest,
    casinos: byKey<{ id: string }>(casinos, (casino) => casino.id),
    games: byKey<{ gameId: string }>(games, (game) => game.gameId),
    rules: byKey<RoutingRule>(rules, (_rule, index) => String(index + 1)),
    inactiveGameVersions: byKey<{ gameId: string; versionNumber: string }>(
      inactiveGameVersions,
      (version) => `${version.gameId}@${version.versionNumber}`,
    ),
  };
}

/**
 * The fields in which `after` differs from `before` (a missing document counts as empty), by dotted path,
 * in path order: what a push would change on the bridge. The version is not a field of its own.
 */
export function documentChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): DocumentChange[] {
  const changes = diffFields(before && comparable(before), after && comparable(after));
  return Object.entries(changes).map(([path, change]) => ({ path, ...change }));
}
