/**
 * Integrations: configuration with routing rules that must pass their tests, bound casinos, activation,
 * assigned games, and the push of the configuration document to the integration's bridge.
 *
 * Scoping (decision 012): a scoped user sees and changes only the integrations of their scope; anything
 * else answers 404 INTEGRATION_NOT_FOUND as if it did not exist. They may only bind casinos of their casino
 * scope (others answer CASINO_NOT_FOUND, as if they did not exist), and may only create an integration whose
 * id an admin put into their scope (NO_PERMISSION otherwise: they could neither see nor change it, and an
 * "id taken" would tell them about integrations outside their scope). Admins are unlimited.
 */
import {
  runRuleTests,
  type Activation,
  type AssignedGame,
  type AssignedGameListQuery,
  type AssignGame,
  type Integration,
  type IntegrationCreate,
  type IntegrationListQuery,
  type IntegrationUpdate,
  type Page,
  type PushDetail,
  type PushEntry,
  type PushHistoryQuery,
  type PushPreview,
  type PushResult,
  type PushTrigger,
  type RoutingRule,
  type RuleTest,
  type RuleTestResult,
} from '@backoffice/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { casinoInScope, integrationInScope, OutOfScope, UNLIMITED, type Scope } from '../../lib/scope';
import { openSecret } from '../../lib/sealed-secrets';
import type { SecretBox } from '../../lib/secret-box';
import { pageOf } from '../../lib/sql';
import { assertCurrent, changeVersioned, withConstraintErrors } from '../../lib/writes';
import { createAssignedGamesRepository } from '../games/assigned-games.repository';
import { auditOf, type Actor } from '../audit/audit.service';
import { createBridgeClient, type BridgeClientOptions } from '../bridges/bridge-client';
import { documentChanges, type IntegrationConfigurationDocument } from './integration-document';
import { NO_KICKER, requestDelivery, type DeliveryKicker } from './config-delivery';
import { pushHistory } from './push-history';
import {
  createIntegrationsRepository,
  toIntegration,
  type IntegrationValues,
  type StoredIntegration,
} from './integrations.repository';

const audit = auditOf('integration');
const auditGame = auditOf('integration-game');

const constraints = {
  integrations_pkey: 'INTEGRATION_ID_TAKEN',
  integrations_bridge_id_bridges_id_fk: 'BRIDGE_NOT_FOUND',
  // A casino deleted between our check and the write.
  integrations_default_casino_id_casinos_id_fk: 'CASINO_NOT_FOUND',
  integration_casinos_casino_id_casinos_id_fk: 'CASINO_NOT_FOUND',
} as const;

const gameConstraints = {
  integration_games_pkey: 'INTEGRATION_GAME_ALREADY_ASSIGNED',
  integration_games_game_id_games_game_id_fk: 'GAME_NOT_FOUND',
  // The integration was deleted between our read and the insert.
  integration_games_integration_id_integrations_id_fk: 'INTEGRATION_NOT_FOUND',
} as const;

/**
 * What the audit trail compares: the integration's own configuration (not names, counts or the last push);
 * a delete also records the games that went with it.
 */
function audited(integration: StoredIntegration, games?: { gameId: string; active: boolean }[]) {
  return {
    id: integration.id,
    name: integration.name,
    bridgeId: integration.bridgeId,
    gameClientIntegrationUrl: integration.gameClientIntegrationUrl,
    casinoIds: integration.casinoIds,
    defaultCasinoId: integration.defaultCasinoId,
    gameRoundValidityPeriodDays: integration.gameRoundValidityPeriodDays,
    properties: integration.properties,
    persistence: integration.persistence,
    rules: integration.rules,
    ruleTests: integration.ruleTests,
    active: integration.active,
    ...(games && { games: Object.fromEntries(games.map((game) => [game.gameId, { active: game.active }])) }),
  };
}

function valuesOf(input: Omit<IntegrationCreate, 'id'>): IntegrationValues {
  return {
    name: input.name,
    bridgeId: input.bridgeId,
    gameClientIntegrationUrl: input.gameClientIntegrationUrl,
    defaultCasinoId: input.defaultCasinoId,
    gameRoundValidityPeriodDays: input.gameRoundValidityPeriodDays,
    properties: input.properties,
    persistence: input.persistence,
    rules: input.rules,
    ruleTests: input.ruleTests,
  };
}

const casinoName = (casinoId: string | null) => casinoId ?? 'no casino';

function describeFailure(result: RuleTestResult, rules: readonly RoutingRule[]): string {
  const by =
    result.ruleIndex === null
      ? 'no rule matches'
      : `rule ${result.ruleIndex + 1} "${rules[result.ruleIndex]!.name}" matches`;
  return `"${result.name}": expected ${casinoName(result.expectedCasinoId)}, actual ${casinoName(result.actualCasinoId)} (${by})`;
}

/** An integration is saved only while all its rule tests pass; each failing test is one detail. */
function assertRuleTestsPass(input: {
  rules: RoutingRule[];
  defaultCasinoId: string | null;
  ruleTests: RuleTest[];
}): void {
  const failures = runRuleTests(input.rules, input.defaultCasinoId, input.ruleTests).filter(
    (result) => !result.passed,
  );
  if (failures.length > 0) {
    throw new AppError(
      'INTEGRATION_RULE_TEST_FAILED',
      failures.map((result) => ({
        path: `ruleTests.${result.index}`,
        message: describeFailure(result, input.rules),
      })),
    );
  }
}

export interface IntegrationsServiceOptions {
  /** Options of the bridge client pushes go through (tests shorten its timeouts); defaults otherwise. */
  bridgeClient?: BridgeClientOptions;
  /** Opens the bridges' sealed secrets to sign a push (issue 15); the app always passes its box. */
  secrets?: SecretBox;
  /** Starts the delivery of activation changes once they are committed (issue 18). */
  delivery?: DeliveryKicker;
}

export function createIntegrationsService(
  db: Db,
  options: IntegrationsServiceOptions = {},
  repository = createIntegrationsRepository(),
  gamesRepository = createAssignedGamesRepository('integration'),
) {
  const bridgeClient = createBridgeClient(options.bridgeClient);
  const delivery = options.delivery ?? NO_KICKER;

  /** The integration if it exists and is in the scope; otherwise it does not exist for this user. */
  async function find(tx: Db, id: string, scope: Scope): Promise<StoredIntegration | undefined> {
    if (!integrationInScope(scope, id)) return undefined;
    return repository.findById(tx, id);
  }

  /** The integration in the scope, read by `read`; out of scope it does not exist for this user. */
  async function loadWith<T>(
    read: (tx: Db, id: string) => Promise<T | undefined>,
    tx: Db,
    id: string,
    scope: Scope,
  ): Promise<T> {
    if (!integrationInScope(scope, id))
      throw new OutOfScope('INTEGRATION_NOT_FOUND', { type: 'integration', id });
    const found = await read(tx, id);
    if (!found) throw new AppError('INTEGRATION_NOT_FOUND');
    return found;
  }

  const load = (tx: Db, id: string, scope: Scope) => loadWith(repository.findById, tx, id, scope);
  /** With whether the bridge holds its document: for answering a caller. */
  const loadAnswered = (tx: Db, id: string, scope: Scope) => loadWith(repository.findAnswer, tx, id, scope);
  const answer = async (tx: Db, id: string, scope: Scope) => toIntegration(await loadAnswered(tx, id, scope));

  /**
   * Casinos to bind must exist and, for a scoped user, be in their casino scope; `kept` are casinos bound
   * already, which a scoped user may keep even when they are outside their scope.
   */
  async function assertBindable(
    tx: Db,
    casinoIds: readonly string[],
    scope: Scope,
    kept: readonly string[] = [],
  ): Promise<void> {
    const added = casinoIds.filter((casinoId) => !kept.includes(casinoId));
    const existing = await repository.existingCasinos(tx, added);
    const missing = casinoIds.flatMap((casinoId, index) =>
      added.includes(casinoId) && !(existing.has(casinoId) && casinoInScope(scope, casinoId))
        ? [{ path: `casinoIds.${index}`, message: `casino ${casinoId} does not exist` }]
        : [],
    );
    if (missing.length > 0) throw new AppError('CASINO_NOT_FOUND', missing);
  }

  /**
   * What a push of the integration would send now: the document, at the configuration version its content
   * has (`pushHistory.versionFor`), beside the document the bridge last confirmed and how the two differ.
   */
  async function preview(
    tx: Db,
    integration: StoredIntegration,
  ): Promise<PushPreview & { document: IntegrationConfigurationDocument; digest: string; secret: string }> {
    // One after the other: a transaction is one connection.
    const bridge = await repository.bridge(tx, integration.bridgeId);
    const built = await repository.document(tx, integration.id);
    // The foreign key keeps the bridge while the integration uses it; the row was read in this transaction.
    if (!bridge || !built) throw new AppError(bridge ? 'INTEGRATION_NOT_FOUND' : 'BRIDGE_NOT_FOUND');
    const { digest } = built;
    const document: IntegrationConfigurationDocument = {
      configurationVersion: await pushHistory.versionFor(tx, integration.id, digest, integration.version),
      ...built.content,
    };
    const delivered = await pushHistory.delivered(tx, integration.id);
    return {
      integrationId: integration.id,
      bridge: { id: bridge.id, name: bridge.name, routerUrl: bridge.routerUrl },
      document,
      digest,
      delivered: delivered && {
        configurationVersion: delivered.configurationVersion,
        digest: delivered.digest,
        pushedAt: delivered.pushedAt,
      },
      // The same source as the lists: the digest the bridge last confirmed, kept on the integration.
      inSync: integration.deliveredDigest === digest,
      changes: documentChanges(delivered?.document ?? null, document),
      secret: bridge.secret,
    };
  }

  /**
   * A change of an integration's games: the integration must be in the scope, and when the games did
   * change, its version moves on (the configuration document lists them).
   */
  async function changeGames<T>(
    integrationId: string,
    scope: Scope,
    change: (tx: Db) => Promise<{ result: T; changed: boolean }>,
  ): Promise<T> {
    return withConstraintErrors(
      () =>
        db.transaction(async (tx) => {
          if (integrationInScope(scope, integrationId)) await repository.lock(tx, integrationId);
          if (!(await find(tx, integrationId, scope))) throw new AppError('INTEGRATION_NOT_FOUND');
          const { result, changed } = await change(tx);
          if (changed) await repository.bumpVersion(tx, integrationId);
          return result;
        }),
      gameConstraints,
    );
  }

  const gameEntity = (integrationId: string, gameId: string) => `${integrationId}/${gameId}`;

  const service = {
    async list(query: IntegrationListQuery, scope: Scope): Promise<Page<Integration>> {
      return pageOf(query, await repository.list(db, query, scope));
    },

    async get(id: string, scope: Scope): Promise<Integration> {
      return answer(db, id, scope);
    },

    /** New integrations start inactive: no launch reaches them before they are switched on. */
    async create(input: IntegrationCreate, scope: Scope, actor: Actor | null): Promise<Integration> {
      assertRuleTestsPass(input);
      if (!integrationInScope(scope, input.id)) throw new AppError('NO_PERMISSION');
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            await assertBindable(tx, input.casinoIds, scope);
            await repository.insert(tx, { id: input.id, ...valuesOf(input) });
            await repository.replaceCasinos(tx, input.id, input.casinoIds);
            const created = await loadAnswered(tx, input.id, scope);
            await audit(tx, {
              actor,
              action: 'create',
              entityId: input.id,
              before: null,
              after: audited(created),
            });
            return toIntegration(created);
          }),
        constraints,
      );
    },

    /** Replaces the configuration and the bound casinos, at the version read. */
    async update(
      id: string,
      { version, ...input }: IntegrationUpdate,
      scope: Scope,
      actor: Actor | null,
    ): Promise<Integration> {
      assertRuleTestsPass(input);
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            const { before, after } = await changeVersioned(
              () => find(tx, id, scope),
              version,
              async (current) => {
                await assertBindable(tx, input.casinoIds, scope, current.casinoIds);
                if (!(await repository.update(tx, id, version, valuesOf(input)))) return undefined;
                await repository.replaceCasinos(tx, id, input.casinoIds);
                return loadAnswered(tx, id, scope);
              },
              'INTEGRATION_NOT_FOUND',
            );
            await audit(tx, {
              actor,
              action: 'update',
              entityId: id,
              before: audited(before),
              after: audited(after),
            });
            return toIntegration(after);
          }),
        constraints,
      );
    },

    /** Refused while casinos are bound; the assigned games go with it (one audit entry with them). */
    delete(id: string, version: number, scope: Scope, actor: Actor | null): Promise<void> {
      return db.transaction(async (tx) => {
        if (integrationInScope(scope, id)) await repository.lock(tx, id);
        const { before, after: games } = await changeVersioned(
          () => find(tx, id, scope),
          version,
          async (current) => {
            if (current.casinoIds.length > 0) throw new AppError('INTEGRATION_HAS_CASINOS');
            const assigned = await gamesRepository.all(tx, id);
            return (await repository.delete(tx, id, version)) ? assigned : undefined;
          },
          'INTEGRATION_NOT_FOUND',
        );
        await audit(tx, {
          actor,
          action: 'delete',
          entityId: id,
          before: audited(before, games),
          after: null,
        });
      });
    },

    /** Switches the integration on or off at the version read; asking for the state it has changes nothing. */
    async setActive(id: string, { active, version }: Activation, scope: Scope, actor: Actor | null) {
      const changed = await db.transaction(async (tx) => {
        const { before, after } = await changeVersioned(
          () => find(tx, id, scope),
          version,
          async (current) => {
            if (current.active === active) return current;
            return (await repository.setActive(tx, id, version, active)) ? load(tx, id, scope) : undefined;
          },
          'INTEGRATION_NOT_FOUND',
        );
        if (before.active !== after.active) {
          await audit(tx, {
            actor,
            action: active ? 'activate' : 'deactivate',
            entityId: id,
            before: audited(before),
            after: audited(after),
          });
          // Players are sent to or away from it: the bridge must know without waiting for a human.
          await requestDelivery(tx, [id]);
          // Answered with its pending delivery.
          return { integration: await answer(tx, id, scope), delivering: true };
        }
        return { integration: await answer(tx, id, scope), delivering: false };
      });
      if (changed.delivering) delivery.kick();
      return changed.integration;
    },

    async listGames(
      integrationId: string,
      query: AssignedGameListQuery,
      scope: Scope,
    ): Promise<Page<AssignedGame>> {
      await load(db, integrationId, scope);
      return pageOf(query, await gamesRepository.list(db, integrationId, query));
    },

    assignGame(
      integrationId: string,
      { gameId, active }: AssignGame,
      scope: Scope,
      actor: Actor | null,
    ): Promise<AssignedGame> {
      return changeGames(integrationId, scope, async (tx) => {
        await gamesRepository.insert(tx, integrationId, gameId, active);
        const assigned = (await gamesRepository.find(tx, integrationId, gameId))!;
        await auditGame(tx, {
          actor,
          action: 'create',
          entityId: gameEntity(integrationId, gameId),
          before: null,
          after: { integrationId, gameId, active: assigned.active },
        });
        return { result: assigned, changed: true };
      });
    },

    async setGameActive(
      integrationId: string,
      gameId: string,
      active: boolean,
      scope: Scope,
      actor: Actor | null,
    ): Promise<AssignedGame> {
      let delivering = false;
      const game = await changeGames(integrationId, scope, async (tx) => {
        const changed = await gamesRepository.setActive(tx, integrationId, gameId, active);
        const current = await gamesRepository.find(tx, integrationId, gameId);
        if (!current) throw new AppError('INTEGRATION_GAME_NOT_ASSIGNED');
        if (changed) {
          await auditGame(tx, {
            actor,
            action: active ? 'activate' : 'deactivate',
            entityId: gameEntity(integrationId, gameId),
            before: { integrationId, gameId, active: !active },
            after: { integrationId, gameId, active },
          });
          await requestDelivery(tx, [integrationId]);
          delivering = true;
        }
        return { result: current, changed };
      });
      if (delivering) delivery.kick();
      return game;
    },

    removeGame(integrationId: string, gameId: string, scope: Scope, actor: Actor | null): Promise<void> {
      return changeGames(integrationId, scope, async (tx) => {
        const removed = await gamesRepository.remove(tx, integrationId, gameId);
        if (!removed) throw new AppError('INTEGRATION_GAME_NOT_ASSIGNED');
        await auditGame(tx, {
          actor,
          action: 'delete',
          entityId: gameEntity(integrationId, gameId),
          before: { integrationId, gameId, active: removed.active },
          after: null,
        });
        return { result: undefined, changed: true };
      });
    },

    /** What a push would send now, where to, and how it differs from what the bridge holds. */
    async pushPreview(id: string, scope: Scope): Promise<PushPreview> {
      const {
        secret: _secret,
        digest: _digest,
        ...shown
      } = await db.transaction(async (tx) => preview(tx, await load(tx, id, scope)));
      return shown;
    },

    /**
     * Sends the configuration document at the version read to the integration's bridge. The push is in the
     * history as pending before the bridge is called (committed: a crash leaves it there, never a push
     * nobody knows of), then confirmed with the bridge's receipt — which becomes the integration's last
     * push — or failed with the error the call answers.
     */
    async push(
      id: string,
      version: number,
      scope: Scope,
      actor: Actor | null,
      trigger: PushTrigger = 'manual',
    ): Promise<PushResult> {
      // Read and committed before the call: no transaction stays open while the bridge is waited for.
      const { document, digest, secret, bridge, pushId } = await db.transaction(async (tx) => {
        if (integrationInScope(scope, id)) await repository.lock(tx, id);
        const current = assertCurrent(await find(tx, id, scope), version, 'INTEGRATION_NOT_FOUND');
        const shown = await preview(tx, current);
        const started = await pushHistory.start(tx, {
          integrationId: id,
          configurationVersion: shown.document.configurationVersion,
          digest: shown.digest,
          document: shown.document,
          trigger,
          actor,
        });
        return { ...shown, pushId: started };
      });
      let receipt: Awaited<ReturnType<typeof bridgeClient.pushConfiguration>>;
      try {
        receipt = await bridgeClient.pushConfiguration(
          { routerUrl: bridge.routerUrl, secret: openSecret(options.secrets, secret) },
          id,
          document,
        );
      } catch (caught) {
        const error = caught instanceof AppError ? caught.code : 'INTERNAL';
        // The bridge's error is what the caller learns; a history that cannot be written now keeps the
        // push as pending, which is what is known of it.
        await pushHistory.finish(db, pushId, { outcome: 'failed', error }).catch(() => undefined);
        throw caught;
      }
      const result: PushResult = {
        pushedAt: new Date().toISOString(),
        configurationVersion: receipt.configurationVersion,
        receivedAt: receipt.receivedAt,
      };
      await db.transaction(async (tx) => {
        await pushHistory.finish(tx, pushId, { outcome: 'confirmed', receivedAt: receipt.receivedAt });
        const before = await repository.findById(tx, id);
        // A push is not a configuration change: the version stays (see `setLastPush`).
        if (!before || !(await repository.setLastPush(tx, id, result, digest))) {
          throw new AppError('INTEGRATION_NOT_FOUND');
        }
        await audit(tx, {
          actor,
          action: 'push',
          entityId: id,
          before: { lastPush: before.lastPush ?? null },
          after: { lastPush: result },
        });
      });
      return result;
    },

    /**
     * Pushes the integration's current document for the back office itself (the delivery job): at the
     * version it has now, read again when a change slips in between.
     */
    async deliver(id: string): Promise<PushResult> {
      for (let attempt = 1; ; attempt++) {
        const current = await repository.findById(db, id);
        if (!current) throw new AppError('INTEGRATION_NOT_FOUND');
        try {
          return await service.push(id, current.version, UNLIMITED, null, 'automatic');
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'STALE_VERSION') || attempt >= 3) throw error;
        }
      }
    },

    /** The integration's pushes, newest first, each with what it changed. */
    async pushes(id: string, query: PushHistoryQuery, scope: Scope): Promise<Page<PushEntry>> {
      await load(db, id, scope);
      return pageOf(query, await pushHistory.page(db, id, query));
    },

    /** One push of the integration with the document it sent. */
    async pushDetail(id: string, pushId: string, scope: Scope): Promise<PushDetail> {
      await load(db, id, scope);
      const detail = await pushHistory.detail(db, id, pushId);
      if (!detail) throw new AppError('PUSH_NOT_FOUND');
      return detail;
    },
  };
  return service;
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
