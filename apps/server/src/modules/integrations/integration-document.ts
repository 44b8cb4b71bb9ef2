/**
 * The configuration document a push sends to the integration's bridge (docs/bridge-protocol.md,
 * `PUT /integrations/{integrationId}/configuration`). The protocol only requires `configurationVersion`;
 * the rest is what the bridge needs to route and run launches of the integration.
 */
import type { Persistence, RoutingRule } from '@backoffice/contracts';
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
