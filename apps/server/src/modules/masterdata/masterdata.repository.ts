import type {
  FxRate,
  FxRateCreate,
  FxRateListQuery,
  GlobalSettings,
  GlobalSettingsUpdate,
} from '@backoffice/contracts';
import { roles, type Role } from '@backoffice/contracts';
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fxRates, globalSettings } from '../../db/schema/index';
import { countUpTo, pageWithTotal, toIso } from '../../lib/sql';
import { nextVersion } from '../../lib/writes';

/** Rows written per statement by an import (three parameters each). */
const CHUNK = 1000;

type FxRow = typeof fxRates.$inferSelect;
type SettingsRow = typeof globalSettings.$inferSelect;

/** A stored rate as the shortest exact decimal: `1.2500000000` → `1.25`, `2.0000000000` → `2`. */
export function canonicalRate(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const digits = whole.replace(/^0+(?=\d)/, '');
  const decimals = fraction.replace(/0+$/, '');
  return decimals ? `${digits}.${decimals}` : digits;
}

function toFxRate(row: FxRow): FxRate {
  return {
    day: row.day,
    currency: row.currency,
    rateToEur: canonicalRate(row.rateToEur),
    version: row.version,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

function toSettings(row: SettingsRow): GlobalSettings {
  return {
    defaultGameRoundValidityPeriodDays: row.defaultGameRoundValidityPeriodDays,
    bigWinBetMultiple: Number(row.bigWinBetMultiple),
    bigWinMinEur: row.bigWinMinEur === null ? null : Number(row.bigWinMinEur),
    cpvDeactivateOnMismatch: row.cpvDeactivateOnMismatch,
    secondFactorRoles: row.secondFactorRoles.filter((role): role is Role =>
      (roles as readonly string[]).includes(role),
    ),
    version: row.version,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

const isRate = (day: string, currency: string) => and(eq(fxRates.day, day), eq(fxRates.currency, currency));

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export function createMasterdataRepository() {
  return {
    async listFxRates(db: Db, query: FxRateListQuery): Promise<{ items: FxRate[]; total: number }> {
      const filters: SQL[] = [];
      if (query.currency) filters.push(eq(fxRates.currency, query.currency));
      if (query.from) filters.push(gte(fxRates.day, query.from));
      if (query.to) filters.push(lte(fxRates.day, query.to));
      const filter = filters.length > 0 ? and(...filters) : undefined;
      const direction = query.order === 'asc' ? asc : desc;
      const { rows, total } = await pageWithTotal(
        query,
        db
          .select()
          .from(fxRates)
          .where(filter)
          .orderBy(direction(fxRates.day), asc(fxRates.currency))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        () => countUpTo(db, fxRates, filter),
      );
      return { items: rows.map(toFxRate), total };
    },

    async findFxRate(db: Db, day: string, currency: string): Promise<FxRate | undefined> {
      const [row] = await db.select().from(fxRates).where(isRate(day, currency));
      return row && toFxRate(row);
    },

    async insertFxRate(db: Db, values: FxRateCreate): Promise<FxRate> {
      const [row] = await db.insert(fxRates).values(values).returning();
      return toFxRate(row!);
    },

    /** Updates only when the stored version is still `version`; undefined otherwise. */
    async updateFxRate(db: Db, day: string, currency: string, version: number, rateToEur: string) {
      const [row] = await db
        .update(fxRates)
        .set({ rateToEur, ...nextVersion(fxRates.version) })
        .where(and(isRate(day, currency), eq(fxRates.version, version)))
        .returning();
      return row && toFxRate(row);
    },

    /** Deletes only when the stored version is still `version`; undefined otherwise. */
    async deleteFxRate(db: Db, day: string, currency: string, version: number) {
      const [row] = await db
        .delete(fxRates)
        .where(and(isRate(day, currency), eq(fxRates.version, version)))
        .returning();
      return row && toFxRate(row);
    },

    /**
     * The stored rates among the given day and currency pairs, locked until the transaction ends (an import
     * reads them, then overwrites them).
     */
    async lockFxRates(db: Db, keys: { day: string; currency: string }[]): Promise<FxRate[]> {
      if (keys.length === 0) return [];
      const days = keys.map((key) => key.day).sort();
      const currencies = [...new Set(keys.map((key) => key.currency))];
      const wanted = new Set(keys.map((key) => `${key.day}/${key.currency}`));
      const rows = await db
        .select()
        .from(fxRates)
        .where(
          and(
            gte(fxRates.day, days[0]!),
            lte(fxRates.day, days.at(-1)!),
            inArray(fxRates.currency, currencies),
          ),
        )
        .for('update');
      return rows.map(toFxRate).filter((rate) => wanted.has(`${rate.day}/${rate.currency}`));
    },

    async insertFxRates(db: Db, rates: FxRateCreate[]): Promise<FxRate[]> {
      const created: FxRate[] = [];
      for (const chunk of chunks(rates)) {
        if (chunk.length === 0) continue;
        created.push(...(await db.insert(fxRates).values(chunk).returning()).map(toFxRate));
      }
      return created;
    },

    /** Sets the rates of stored day and currency pairs, each to its next version. */
    async overwriteFxRates(db: Db, rates: FxRateCreate[]): Promise<FxRate[]> {
      const updated: FxRate[] = [];
      for (const chunk of chunks(rates)) {
        const values = sql.join(
          chunk.map((rate) => sql`(${rate.day}::date, ${rate.currency}::text, ${rate.rateToEur}::numeric)`),
          sql`, `,
        );
        const rows = await db
          .update(fxRates)
          .set({ rateToEur: sql`incoming.rate`, ...nextVersion(fxRates.version) })
          .from(sql`(values ${values}) as incoming(day, currency, rate)`)
          .where(sql`${fxRates.day} = incoming.day and ${fxRates.currency} = incoming.currency`)
          .returning({
            day: fxRates.day,
            currency: fxRates.currency,
            rateToEur: fxRates.rateToEur,
            version: fxRates.version,
            createdAt: fxRates.createdAt,
            updatedAt: fxRates.updatedAt,
          });
        updated.push(...rows.map(toFxRate));
      }
      return updated;
    },

    async findSettings(db: Db): Promise<GlobalSettings | undefined> {
      const [row] = await db.select().from(globalSettings).where(eq(globalSettings.id, 1));
      return row && toSettings(row);
    },

    /** Updates only when the stored version is still `version`; undefined otherwise. */
    async updateSettings(db: Db, version: number, change: Omit<GlobalSettingsUpdate, 'version'>) {
      const [row] = await db
        .update(globalSettings)
        .set({ ...change, ...nextVersion(globalSettings.version) })
        .where(and(eq(globalSettings.id, 1), eq(globalSettings.version, version)))
        .returning();
      return row && toSettings(row);
    },
  };
}
