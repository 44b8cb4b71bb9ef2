import type { GameProvider, GameProviderApi, GameProviderListQuery } from '@backoffice/contracts';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gameProviders, games } from '../../db/schema/index';
import { likePattern, toIso } from '../../lib/sql';
import { nextVersion } from '../../lib/writes';
import { secretsSetOf, type StoredConfig } from './game-providers.config';

const gameCount = sql<number>`(select count(*)::int from ${games} where ${games.providerId} = ${gameProviders.id})`;

type Row = typeof gameProviders.$inferSelect;

/** A provider as stored, secrets included: never answered as it is (see `toGameProvider`). */
export type StoredProvider = Row & { gameCount: number };

export function toGameProvider(row: StoredProvider): GameProvider {
  return {
    id: row.id,
    name: row.name,
    api: row.api,
    config: row.config,
    secretsSet: secretsSetOf(row.secrets),
    gameCount: row.gameCount,
    version: row.version,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

const sortColumns = {
  id: gameProviders.id,
  name: gameProviders.name,
  api: gameProviders.api,
  updatedAt: gameProviders.updatedAt,
} as const;

export interface ProviderValues extends StoredConfig {
  name: string;
  api: GameProviderApi;
}

export function createGameProvidersRepository() {
  return {
    async list(db: Db, query: GameProviderListQuery): Promise<{ items: GameProvider[]; total: number }> {
      const filter: SQL | undefined = query.q
        ? or(ilike(gameProviders.id, likePattern(query.q)), ilike(gameProviders.name, likePattern(query.q)))
        : undefined;
      const direction = query.order === 'desc' ? desc : asc;
      const [rows, [totals]] = await Promise.all([
        db
          .select({ row: gameProviders, gameCount })
          .from(gameProviders)
          .where(filter)
          .orderBy(direction(sortColumns[query.sort]), asc(gameProviders.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(gameProviders).where(filter),
      ]);
      return {
        items: rows.map(({ row, gameCount }) => toGameProvider({ ...row, gameCount })),
        total: totals?.total ?? 0,
      };
    },

    async findById(db: Db, id: string): Promise<StoredProvider | undefined> {
      const [found] = await db
        .select({ row: gameProviders, gameCount })
        .from(gameProviders)
        .where(eq(gameProviders.id, id));
      return found && { ...found.row, gameCount: found.gameCount };
    },

    async insert(db: Db, values: ProviderValues & { id: string }): Promise<StoredProvider> {
      const [row] = await db.insert(gameProviders).values(values).returning();
      return { ...row!, gameCount: 0 };
    },

    /** Updates only when the stored version is still `version`; undefined otherwise. */
    async update(db: Db, id: string, version: number, values: ProviderValues, games: number) {
      const [row] = await db
        .update(gameProviders)
        .set({ ...values, ...nextVersion(gameProviders.version) })
        .where(and(eq(gameProviders.id, id), eq(gameProviders.version, version)))
        .returning();
      return row && { ...row, gameCount: games };
    },

    /** Deletes only when the stored version is still `version`; undefined otherwise. */
    async delete(db: Db, id: string, version: number): Promise<Row | undefined> {
      const [row] = await db
        .delete(gameProviders)
        .where(and(eq(gameProviders.id, id), eq(gameProviders.version, version)))
        .returning();
      return row;
    },
  };
}
