import type { GameVersion, GameVersionCreate, GameVersionListQuery } from '@backoffice/contracts';
import { and, asc, count, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gameVersionJurisdictions, gameVersions, games, jurisdictions } from '../../db/schema/index';
import { likePattern, toIso } from '../../lib/sql';
import { nextVersion } from '../../lib/writes';

const jurisdictionList = sql<{ id: string; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', ${jurisdictions.id}, 'name', ${jurisdictions.name}) order by ${jurisdictions.name})
  from ${gameVersionJurisdictions}
  join ${jurisdictions} on ${jurisdictions.id} = ${gameVersionJurisdictions.jurisdictionId}
  where ${gameVersionJurisdictions.gameVersionId} = ${gameVersions.id}
), '[]'::json)`;

const selection = {
  row: gameVersions,
  gameName: games.name,
  requiredPropertyKeys: games.requiredPropertyKeys,
  jurisdictions: jurisdictionList,
};

type Row = typeof gameVersions.$inferSelect;
export type GameVersionValues = Omit<GameVersionCreate, 'jurisdictionIds' | 'gameId'>;

/** The game's required keys that the version leaves unset or empty. */
export function missingProperties(required: readonly string[], properties: Record<string, string>): string[] {
  return required.filter((key) => !properties[key]?.trim());
}

function toGameVersion({
  row,
  gameName,
  requiredPropertyKeys,
  jurisdictions: assigned,
}: {
  row: Row;
  gameName: string;
  requiredPropertyKeys: string[];
  jurisdictions: { id: string; name: string }[];
}): GameVersion {
  return {
    id: row.id,
    gameId: row.gameId,
    gameName,
    versionNumber: row.versionNumber,
    jurisdictions: assigned,
    betSizes: row.betSizes.map(Number),
    supportsVouchers: row.supportsVouchers,
    supportsFeatureTriggerVouchers: row.supportsFeatureTriggerVouchers,
    properties: row.properties,
    missingProperties: missingProperties(requiredPropertyKeys, row.properties),
    frontendUrl: row.frontendUrl,
    backendUrl: row.backendUrl,
    version: row.version,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

const sortColumns = {
  gameId: [gameVersions.gameId, gameVersions.versionNumber],
  versionNumber: [gameVersions.versionNumber, gameVersions.gameId],
  updatedAt: [gameVersions.updatedAt],
} as const;

function listFilter(query: GameVersionListQuery): SQL | undefined {
  return and(
    query.q
      ? or(
          ilike(gameVersions.versionNumber, likePattern(query.q)),
          ilike(gameVersions.gameId, likePattern(query.q)),
        )
      : undefined,
    query.gameId ? eq(gameVersions.gameId, query.gameId) : undefined,
    query.jurisdictionId
      ? exists(
          // A raw subquery must bring its own parentheses: `exists` adds none around an `sql` fragment.
          sql`(select 1 from ${gameVersionJurisdictions} where ${gameVersionJurisdictions.gameVersionId} = ${gameVersions.id} and ${gameVersionJurisdictions.jurisdictionId} = ${query.jurisdictionId})`,
        )
      : undefined,
  );
}

export function createGameVersionsRepository() {
  const joined = (db: Db) =>
    db.select(selection).from(gameVersions).innerJoin(games, eq(games.gameId, gameVersions.gameId));

  async function setJurisdictions(db: Db, id: string, jurisdictionIds: readonly string[]) {
    await db.delete(gameVersionJurisdictions).where(eq(gameVersionJurisdictions.gameVersionId, id));
    if (jurisdictionIds.length > 0) {
      await db
        .insert(gameVersionJurisdictions)
        .values(jurisdictionIds.map((jurisdictionId) => ({ gameVersionId: id, jurisdictionId })));
    }
  }

  return {
    async list(db: Db, query: GameVersionListQuery): Promise<{ items: GameVersion[]; total: number }> {
      const filter = listFilter(query);
      const direction = query.order === 'desc' ? desc : asc;
      const [rows, [totals]] = await Promise.all([
        joined(db)
          .where(filter)
          .orderBy(...sortColumns[query.sort].map((column) => direction(column)), asc(gameVersions.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(gameVersions).where(filter),
      ]);
      return { items: rows.map(toGameVersion), total: totals?.total ?? 0 };
    },

    async findById(db: Db, id: string): Promise<GameVersion | undefined> {
      const [row] = await joined(db).where(eq(gameVersions.id, id));
      return row && toGameVersion(row);
    },

    async findByGame(db: Db, gameId: string): Promise<GameVersion[]> {
      const rows = await joined(db).where(eq(gameVersions.gameId, gameId)).orderBy(asc(gameVersions.id));
      return rows.map(toGameVersion);
    },

    async insert(db: Db, input: GameVersionCreate): Promise<string> {
      const { jurisdictionIds, ...values } = input;
      const [row] = await db.insert(gameVersions).values(values).returning({ id: gameVersions.id });
      await setJurisdictions(db, row!.id, jurisdictionIds);
      return row!.id;
    },

    /** Updates only when the stored version is still `version`; false otherwise. */
    async update(
      db: Db,
      id: string,
      version: number,
      input: GameVersionValues & { jurisdictionIds: readonly string[] },
    ): Promise<boolean> {
      const { jurisdictionIds, ...values } = input;
      const rows = await db
        .update(gameVersions)
        .set({ ...values, ...nextVersion(gameVersions.version) })
        .where(and(eq(gameVersions.id, id), eq(gameVersions.version, version)))
        .returning({ id: gameVersions.id });
      if (rows.length === 0) return false;
      await setJurisdictions(db, id, jurisdictionIds);
      return true;
    },

    /** Deletes only when the stored version is still `version`; false otherwise. */
    async delete(db: Db, id: string, version: number): Promise<boolean> {
      const rows = await db
        .delete(gameVersions)
        .where(and(eq(gameVersions.id, id), eq(gameVersions.version, version)))
        .returning({ id: gameVersions.id });
      return rows.length > 0;
    },

    async deleteMany(db: Db, ids: readonly string[]): Promise<void> {
      if (ids.length > 0) await db.delete(gameVersions).where(inArray(gameVersions.id, ids));
    },
  };
}

export type GameVersionsRepository = ReturnType<typeof createGameVersionsRepository>;
