/**
 * The configuration document a push sends to the integration's bridge (docs/bridge-protocol.md,
 * `PUT /integrations/{integrationId}/configuration`). The protocol only requires `configurationVersion`;
 * the rest is what the bridge needs to route and run launches of the integration.
 */
import { createHash } from 'node:crypto';
import type { DocumentChange, Persistence, RoutingRule } from '@backoffice/contracts';
import { diffFields } from '../audit/audit.service';
import type { StoredIntegration } from './integrations.repository';

export type IntegrationConfigurationDocument = {
  /** The integration's record version: what the bridge echoes, so the back office knows what it holds. */
  configurationVersion: number;
  integrationId: string;
  name: string;
  active: boolean;
  gameClientIntegrationUrl: string;
  /** The integration's own period, else the global default (master data); null when neither is set. */
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

export function configurationDocument(parts: {
  integration: StoredIntegration;
  casinos: { id: string; name: string; active: boolean }[];
  games: { gameId: string; active: boolean }[];
  inactiveGameVersions: { gameId: string; versionNumber: string }[];
  defaultValidityPeriodDays: number | null;
}): IntegrationConfigurationDocument {
  const { integration } = parts;
  return {
    configurationVersion: integration.version,
    integrationId: integration.id,
    name: integration.name,
    active: integration.active,
    gameClientIntegrationUrl: integration.gameClientIntegrationUrl,
    gameRoundValidityPeriodDays: integration.gameRoundValidityPeriodDays ?? parts.defaultValidityPeriodDays,
    properties: integration.properties,
    persistence: integration.persistence,
    rules: integration.rules,
    defaultCasinoId: integration.defaultCasinoId,
    casinos: parts.casinos.map(({ id, name, active }) => ({ id, name, active })),
    games: parts.games.map(({ gameId, active }) => ({ gameId, active })),
    inactiveGameVersions: parts.inactiveGameVersions,
  };
}

/** The document as text with its keys sorted at every level, so equal documents give equal text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What a document says, without its version: the part a configuration version stands for. */
function content(document: Record<string, unknown>): Record<string, unknown> {
  const { configurationVersion: _version, ...rest } = document;
  return rest;
}

/** SHA-256 (hex) of a document's content: equal for two documents exactly when they say the same. */
export function documentDigest(document: Record<string, unknown>): string {
  return createHash('sha256')
    .update(canonical(content(document)))
    .digest('hex');
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
