/**
 * Casinos (operators): the operator API with write-only secrets (decision 014), bridge, jurisdiction,
 * flags, per-provider settings, typed integration option values, activation, and the assigned games.
 * Scoping (decision 012): a casino outside the caller's scope answers CASINO_NOT_FOUND as if it did not
 * exist, and lists show only the scope's casinos; admins are unlimited.
 */
import {
  isValidOptionValue,
  type Activation,
  type AssignedGame,
  type AssignedGameListQuery,
  type AssignGame,
  type Casino,
  type CasinoListItem,
  type CasinoCreate,
  type CasinoListQuery,
  type CasinoUpdate,
  type Page,
} from '@backoffice/contracts';
import { eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { NO_KICKER, requestDeliveryForCasino, type DeliveryKicker } from '../integrations/config-delivery';
import { integrationCasinos, integrations } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { usageOf, linkedTo, usedBy } from '../../lib/record-usage';
import { casinoInScope, OutOfScope, type Scope } from '../../lib/scope';
import { sealEnteredSecrets } from '../../lib/sealed-secrets';
import type { SecretBox } from '../../lib/secret-box';
import { pageOf } from '../../lib/sql';
import { changeVersioned, deleteUnlessUsed, withConstraintErrors } from '../../lib/writes';
import { createAssignedGamesRepository } from '../games/assigned-games.repository';
import { auditOf, type Actor } from '../audit/audit.service';
import { operatorAuditSecrets, resolveOperatorConfig } from './casinos.config';
import {
  createCasinosRepository,
  toCasino,
  type CasinoValues,
  type StoredCasino,
} from './casinos.repository';

/** Who asks: the scope limits what they see and touch, the actor signs the audit entries. */
export interface Caller {
  scope: Scope;
  actor: Actor | null;
}

/** What a create and a change both enter. */
type CasinoInput = Omit<CasinoCreate, 'id'>;

const audit = auditOf('casino', operatorAuditSecrets);
const auditGame = auditOf('casino-game');

const constraints = {
  casinos_pkey: 'CASINO_ID_TAKEN',
  casinos_bridge_id_bridges_id_fk: 'BRIDGE_NOT_FOUND',
  casinos_jurisdiction_id_jurisdictions_id_fk: 'JURISDICTION_NOT_FOUND',
  // A provider or an option deleted between our check and the write.
  casino_provider_configs_provider_id_game_providers_id_fk: 'GAME_PROVIDER_BOUND_NOT_FOUND',
  casino_option_values_option_id_integration_options_id_fk: 'INTEGRATION_OPTION_NOT_FOUND',
  // An integration took the casino between our check and the delete.
  integrations_default_casino_id_casinos_id_fk: 'CASINO_IS_INTEGRATION_DEFAULT',
  integration_casinos_casino_id_casinos_id_fk: 'CASINO_BOUND_TO_INTEGRATION',
} as const;

const gameConstraints = {
  casino_games_pkey: 'CASINO_GAME_ALREADY_ASSIGNED',
  casino_games_game_id_games_game_id_fk: 'GAME_NOT_FOUND',
  // The casino was deleted between our check and the assignment.
  casino_games_casino_id_casinos_id_fk: 'CASINO_NOT_FOUND',
} as const;

/**
 * What the audit trail compares: the stored state, secrets included (the trail masks them), provider
 * settings by provider and option values by option, so that a change shows field by field.
 */
function audited(casino: StoredCasino, games?: { gameId: string; active: boolean }[]) {
  return {
    id: casino.id,
    name: casino.name,
    bridgeId: casino.bridgeId,
    api: casino.api,
    config: casino.config,
    secrets: casino.secrets,
    jurisdictionId: casino.jurisdictionId,
    showGameLaunchPage: casino.showGameLaunchPage,
    cheatingAllowed: casino.cheatingAllowed,
    sendEventMessages: casino.sendEventMessages,
    gameRoundValidityPeriodDays: casino.gameRoundValidityPeriodDays,
    properties: casino.properties,
    active: casino.active,
    providerConfigs: Object.fromEntries(casino.providerConfigs.map((item) => [item.providerId, item.config])),
    optionValues: Object.fromEntries(casino.optionValues.map((item) => [item.optionId, item.value])),
    ...(games && { games: Object.fromEntries(games.map((game) => [game.gameId, { active: game.active }])) }),
  };
}

function valuesOf(
  input: CasinoInput,
  stored: { config: Record<string, string>; secrets: Record<string, string> },
): CasinoValues {
  return {
    name: input.name,
    bridgeId: input.bridgeId,
    api: input.api,
    config: stored.config,
    secrets: stored.secrets,
    jurisdictionId: input.jurisdictionId,
    showGameLaunchPage: input.showGameLaunchPage,
    cheatingAllowed: input.cheatingAllowed,
    sendEventMessages: input.sendEventMessages,
    gameRoundValidityPeriodDays: input.gameRoundValidityPeriodDays,
    properties: input.properties,
  };
}

const casinoGameId = (casinoId: string, gameId: string) => `${casinoId}/${gameId}`;

export function createCasinosService(
  db: Db,
  /** Seals the operator-API secrets entered (issue 15); kept ones stay as stored. */
  box: SecretBox,
  repository = createCasinosRepository(),
  assignedGames = createAssignedGamesRepository('casino'),
  /** Starts the delivery of activation changes to the bound integrations' bridges (issue 18). */
  delivery: DeliveryKicker = NO_KICKER,
) {
  function answer(casino: StoredCasino, scope: Scope): Casino {
    return toCasino(casino, scope);
  }

  /** Outside the scope is as if it did not exist. */
  function assertVisible(scope: Scope, id: string): void {
    if (!casinoInScope(scope, id)) throw new OutOfScope('CASINO_NOT_FOUND', { type: 'casino', id });
  }

  async function load(tx: Db, id: string): Promise<StoredCasino> {
    const found = await repository.findById(tx, id);
    if (!found) throw new AppError('CASINO_NOT_FOUND');
    return found;
  }

  async function assertCasinoExists(tx: Db, scope: Scope, id: string): Promise<void> {
    assertVisible(scope, id);
    if (!(await repository.exists(tx, id))) throw new AppError('CASINO_NOT_FOUND');
  }

  /** The settings' providers must exist, and every option value must exist and fit its data type. */
  async function checkReferences(tx: Db, input: CasinoInput): Promise<void> {
    const providerIds = input.providerConfigs.map((item) => item.providerId);
    const providers = await repository.existingProviderIds(tx, providerIds);
    const unknownProviders = providerIds.flatMap((id, index) =>
      providers.has(id)
        ? []
        : [{ path: `providerConfigs.${index}.providerId`, message: `unknown provider "${id}"` }],
    );
    if (unknownProviders.length > 0) throw new AppError('GAME_PROVIDER_BOUND_NOT_FOUND', unknownProviders);

    const options = await repository.optionsFor(
      tx,
      input.optionValues.map((item) => item.optionId),
    );
    const unknownOptions = input.optionValues.flatMap((item, index) =>
      options.has(item.optionId)
        ? []
        : [
            {
              path: `optionValues.${index}.optionId`,
              message: `unknown integration option ${item.optionId}`,
            },
          ],
    );
    if (unknownOptions.length > 0) throw new AppError('INTEGRATION_OPTION_NOT_FOUND', unknownOptions);

    const invalid = input.optionValues.flatMap((item, index) => {
      const option = options.get(item.optionId)!;
      return isValidOptionValue(option.dataType, item.value)
        ? []
        : [
            {
              path: `optionValues.${index}.value`,
              message: `not a valid ${option.dataType} value for the option "${option.name}"`,
            },
          ];
    });
    if (invalid.length > 0) throw new AppError('INTEGRATION_OPTION_VALUE_INVALID', invalid);
  }

  async function writeChildren(tx: Db, id: string, input: CasinoInput): Promise<void> {
    await repository.replaceProviderConfigs(tx, id, input.providerConfigs);
    await repository.replaceOptionValues(tx, id, input.optionValues);
  }

  return {
    async list(query: CasinoListQuery, scope: Scope): Promise<Page<CasinoListItem>> {
      // A list row names no integrations, so the scope has nothing to hide in it beyond the filter.
      return pageOf(query, await repository.list(db, query, scope));
    },

    async get(id: string, scope: Scope): Promise<Casino> {
      assertVisible(scope, id);
      return answer(await load(db, id), scope);
    },

    /** A scoped user may create only a casino whose id their scope names (else they could never see it). */
    async create(input: CasinoCreate, { scope, actor }: Caller): Promise<Casino> {
      if (!casinoInScope(scope, input.id)) throw new AppError('NO_PERMISSION');
      const resolved = resolveOperatorConfig(input.api, input.config, input.clearSecrets);
      const stored = { ...resolved, secrets: sealEnteredSecrets(box, resolved.secrets) };
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            await checkReferences(tx, input);
            await repository.insert(tx, { id: input.id, ...valuesOf(input, stored) });
            await writeChildren(tx, input.id, input);
            const created = await load(tx, input.id);
            await audit(tx, {
              actor,
              action: 'create',
              entityId: created.id,
              before: null,
              after: audited(created),
            });
            return answer(created, scope);
          }),
        constraints,
      );
    },

    async update(id: string, { version, ...input }: CasinoUpdate, { scope, actor }: Caller): Promise<Casino> {
      assertVisible(scope, id);
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            const { before, after } = await changeVersioned(
              () => repository.findById(tx, id),
              version,
              async (current) => {
                const resolved = resolveOperatorConfig(input.api, input.config, input.clearSecrets, current);
                const stored = {
                  ...resolved,
                  secrets: sealEnteredSecrets(box, resolved.secrets, current.secrets),
                };
                await checkReferences(tx, input);
                if (!(await repository.update(tx, id, version, valuesOf(input, stored)))) return undefined;
                await writeChildren(tx, id, input);
                return load(tx, id);
              },
              'CASINO_NOT_FOUND',
            );
            await audit(tx, {
              actor,
              action: 'update',
              entityId: id,
              before: audited(before),
              after: audited(after),
            });
            return answer(after, scope);
          }),
        constraints,
      );
    },

    /**
     * Deletes the casino with its games, option values and provider settings (one audit entry with the
     * whole state before); refused while an integration uses it as default or has it bound.
     */
    async delete(id: string, version: number, { scope, actor }: Caller): Promise<void> {
      assertVisible(scope, id);
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            // The integrations that have the casino as default or bound, as far as the scope sees them.
            const usage = () =>
              usageOf(tx, [
                usedBy.integrations(
                  or(
                    eq(integrations.defaultCasinoId, id),
                    linkedTo(
                      integrations.id,
                      integrationCasinos.integrationId,
                      eq(integrationCasinos.casinoId, id),
                    ),
                  )!,
                  scope,
                ),
              ]);
            const { before, after: games } = await changeVersioned(
              () => repository.findById(tx, id),
              version,
              async (current) => {
                if (await repository.isIntegrationDefault(tx, id)) {
                  throw new AppError('CASINO_IS_INTEGRATION_DEFAULT', await usage());
                }
                if (current.integrationIds.length > 0) {
                  throw new AppError('CASINO_BOUND_TO_INTEGRATION', await usage());
                }
                const assigned = await assignedGames.all(tx, id);
                const deleted = await deleteUnlessUsed(
                  tx,
                  (savepoint) => repository.delete(savepoint, id, version),
                  constraints,
                  usage,
                );
                return deleted ? assigned : undefined;
              },
              'CASINO_NOT_FOUND',
            );
            await audit(tx, {
              actor,
              action: 'delete',
              entityId: id,
              before: audited(before, games),
              after: null,
            });
          }),
        constraints,
      );
    },

    /** Switches the casino on or off at the version read; asking for the state it has changes nothing. */
    async setActive(id: string, { active, version }: Activation, { scope, actor }: Caller): Promise<Casino> {
      assertVisible(scope, id);
      const changed = await db.transaction(async (tx) => {
        const { before, after } = await changeVersioned(
          () => repository.findById(tx, id),
          version,
          async (current) => {
            if (current.active === active) return current;
            return (await repository.setActive(tx, id, version, active)) ? load(tx, id) : undefined;
          },
          'CASINO_NOT_FOUND',
        );
        if (before.active !== after.active) {
          await audit(tx, {
            actor,
            action: active ? 'activate' : 'deactivate',
            entityId: id,
            before: audited(before),
            after: audited(after),
          });
          // Its players are let in or sent away: every bound integration's bridge must know at once.
          await requestDeliveryForCasino(tx, id);
          // Answered with the delivery it now waits for.
          return { casino: answer(await load(tx, id), scope), delivering: true };
        }
        return { casino: answer(after, scope), delivering: false };
      });
      if (changed.delivering) delivery.kick();
      return changed.casino;
    },

    async listGames(id: string, query: AssignedGameListQuery, scope: Scope): Promise<Page<AssignedGame>> {
      await assertCasinoExists(db, scope, id);
      return pageOf(query, await assignedGames.list(db, id, query));
    },

    async assignGame(id: string, input: AssignGame, { scope, actor }: Caller): Promise<AssignedGame> {
      assertVisible(scope, id);
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            await assertCasinoExists(tx, scope, id);
            await assignedGames.insert(tx, id, input.gameId, input.active);
            const assigned = (await assignedGames.find(tx, id, input.gameId))!;
            await auditGame(tx, {
              actor,
              action: 'create',
              entityId: casinoGameId(id, input.gameId),
              before: null,
              after: { casinoId: id, gameId: input.gameId, active: assigned.active },
            });
            return assigned;
          }),
        gameConstraints,
      );
    },

    /** Switches an assigned game on or off; asking for the state it has changes nothing. */
    async setGameActive(
      id: string,
      gameId: string,
      active: boolean,
      { scope, actor }: Caller,
    ): Promise<AssignedGame> {
      assertVisible(scope, id);
      return db.transaction(async (tx) => {
        await assertCasinoExists(tx, scope, id);
        const changed = await assignedGames.setActive(tx, id, gameId, active);
        const current = await assignedGames.find(tx, id, gameId);
        if (!current) throw new AppError('CASINO_GAME_NOT_ASSIGNED');
        if (changed) {
          await auditGame(tx, {
            actor,
            action: active ? 'activate' : 'deactivate',
            entityId: casinoGameId(id, gameId),
            before: { casinoId: id, gameId, active: !active },
            after: { casinoId: id, gameId, active },
          });
        }
        return current;
      });
    },

    async removeGame(id: string, gameId: string, { scope, actor }: Caller): Promise<void> {
      assertVisible(scope, id);
      return db.transaction(async (tx) => {
        await assertCasinoExists(tx, scope, id);
        const removed = await assignedGames.remove(tx, id, gameId);
        if (!removed) throw new AppError('CASINO_GAME_NOT_ASSIGNED');
        await auditGame(tx, {
          actor,
          action: 'delete',
          entityId: casinoGameId(id, gameId),
          before: { casinoId: id, gameId, active: removed.active },
          after: null,
        });
      });
    },
  };
}

export type CasinosService = ReturnType<typeof createCasinosService>;
