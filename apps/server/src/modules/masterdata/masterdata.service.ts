import type {
  FxRate,
  FxRateCreate,
  FxRateImportResult,
  FxRateListQuery,
  FxRateUpdate,
  GlobalSettings,
  GlobalSettingsUpdate,
  Language,
  Page,
} from '@backoffice/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { pageOf } from '../../lib/sql';
import { changeVersioned, withConstraintErrors } from '../../lib/writes';
import { auditEntries } from '../../db/schema/index';
import { auditOf, diffFields, type Actor } from '../audit/audit.service';
import { parseFxCsv } from './fx-import';
import { createMasterdataRepository } from './masterdata.repository';
import { repriceRollups } from '../platform/rollups';

const auditRate = auditOf('fx-rate');
const auditSettings = auditOf('settings');
/** The entity id of the global settings in the audit trail (there is only one record). */
export const SETTINGS_ENTITY_ID = 'global';
const constraints = { fx_rates_pkey: 'FX_RATE_EXISTS' } as const;

/** A rate's id in the audit trail: `2025-01-31/USD`. */
export const fxRateEntityId = (rate: { day: string; currency: string }) => `${rate.day}/${rate.currency}`;

/** The audit entries of an import, one per rate, written a thousand per statement. */
async function auditImport(
  tx: Db,
  actor: Actor | null,
  changes: { action: 'create' | 'update'; before: FxRate | null; after: FxRate }[],
): Promise<void> {
  const entries = changes.map(({ action, before, after }) => ({
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? null,
    entityType: 'fx-rate',
    entityId: fxRateEntityId(after),
    action,
    changes: diffFields(before, after),
  }));
  for (let i = 0; i < entries.length; i += 1000) {
    await tx.insert(auditEntries).values(entries.slice(i, i + 1000));
  }
}

export function createMasterdataService(db: Db, repository = createMasterdataRepository()) {
  const findRate = (tx: Db, day: string, currency: string) => () => repository.findFxRate(tx, day, currency);

  return {
    async listFxRates(query: FxRateListQuery): Promise<Page<FxRate>> {
      return pageOf(query, await repository.listFxRates(db, query));
    },

    async getFxRate(day: string, currency: string): Promise<FxRate> {
      const found = await repository.findFxRate(db, day, currency);
      if (!found) throw new AppError('RECORD_NOT_FOUND');
      return found;
    },

    createFxRate(input: FxRateCreate, actor: Actor | null): Promise<FxRate> {
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            const created = await repository.insertFxRate(tx, input);
            await repriceRollups(tx, [created]);
            await auditRate(tx, {
              actor,
              action: 'create',
              entityId: fxRateEntityId(created),
              before: null,
              after: created,
            });
            return created;
          }),
        constraints,
      );
    },

    updateFxRate(
      day: string,
      currency: string,
      { version, rateToEur }: FxRateUpdate,
      actor: Actor | null,
    ): Promise<FxRate> {
      return db.transaction(async (tx) => {
        const { before, after } = await changeVersioned(findRate(tx, day, currency), version, () =>
          repository.updateFxRate(tx, day, currency, version, rateToEur),
        );
        await repriceRollups(tx, [{ day, currency }]);
        await auditRate(tx, { actor, action: 'update', entityId: fxRateEntityId(after), before, after });
        return after;
      });
    },

    deleteFxRate(day: string, currency: string, version: number, actor: Actor | null): Promise<void> {
      return db.transaction(async (tx) => {
        const { before } = await changeVersioned(findRate(tx, day, currency), version, () =>
          repository.deleteFxRate(tx, day, currency, version),
        );
        await repriceRollups(tx, [{ day, currency }]);
        await auditRate(tx, {
          actor,
          action: 'delete',
          entityId: fxRateEntityId(before),
          before,
          after: null,
        });
      });
    },

    /**
     * Takes every rate of the CSV or none: all lines are checked first (a refused import lists each bad
     * one); a day and currency that already has a rate gets the new one. One audit entry per rate.
     */
    importFxRates(csv: string, language: Language, actor: Actor | null): Promise<FxRateImportResult> {
      const parsed = parseFxCsv(csv, language);
      if (!parsed.ok) throw new AppError('FX_IMPORT_INVALID', parsed.details);
      const rates = parsed.rows.map(({ day, currency, rateToEur }) => ({ day, currency, rateToEur }));
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            const stored = new Map(
              (await repository.lockFxRates(tx, rates)).map((rate) => [fxRateEntityId(rate), rate]),
            );
            const fresh = rates.filter((rate) => !stored.has(fxRateEntityId(rate)));
            const known = rates.filter((rate) => stored.has(fxRateEntityId(rate)));
            const created = await repository.insertFxRates(tx, fresh);
            const updated = await repository.overwriteFxRates(tx, known);
            await repriceRollups(tx, rates);
            await auditImport(tx, actor, [
              ...created.map((after) => ({ action: 'create' as const, before: null, after })),
              ...updated.map((after) => ({
                action: 'update' as const,
                before: stored.get(fxRateEntityId(after))!,
                after,
              })),
            ]);
            return { created: created.length, updated: updated.length };
          }),
        constraints,
      );
    },

    async getSettings(): Promise<GlobalSettings> {
      const found = await repository.findSettings(db);
      if (!found) throw new AppError('RECORD_NOT_FOUND');
      return found;
    },

    updateSettings(
      { version, ...change }: GlobalSettingsUpdate,
      actor: Actor | null,
    ): Promise<GlobalSettings> {
      return db.transaction(async (tx) => {
        const { before, after } = await changeVersioned(
          () => repository.findSettings(tx),
          version,
          () => repository.updateSettings(tx, version, change),
        );
        await auditSettings(tx, {
          actor,
          action: 'update',
          entityId: SETTINGS_ENTITY_ID,
          before,
          after,
        });
        return after;
      });
    },
  };
}

export type MasterdataService = ReturnType<typeof createMasterdataService>;
