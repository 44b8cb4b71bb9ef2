import type { GameVersion, GameVersionCreate, GameVersionListQuery } from '@backoffice/contracts';
import { and, asc, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gameVersionJurisdictions, gameVersions, games, jurisdictions } from '../../db/schema/index';
import { recordColumns, type ConfigRepository, type RecordRow } from '../../lib/config-repository';
import { countUpTo, likePattern, pageWithTotal } from '../../lib/sql';
import { nextVersion } from '../../lib/writes';

const jurisdictionList = sql<{ id: string; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', ${jurisdictions.id}, 'name', ${jurisdictions.name}) order by ${jurisdictions.name})
  from ${gameVersionJurisdictions}
  join ${jurisdictions} on ${jurisdictions.id} = ${gameVersionJurisdictions.jurisdictionId}
  where ${gameVersionJurisdictions.gameVersionId} = ${gameVersions.id}
), '[]'::json)`;

const selection = {
  row: recordColumns(gameVersions),
  gameName: games.name,
  requiredPropertyKeys: games.requiredPropertyKeys,
  jurisdictions: jurisdictionList,
};

type Row = RecordRow<typeof gameVersions.$inferSelect>;
export type GameVersionValues = Omit<GameVersionCreate, 'jurisdictionIds' | 'gameId'>;
/** What a change sets: the settings of an update (jurisdictions included), or the state alone. */
export type GameVersionChanges = Partial<GameVersionValues> & {
  jurisdictionIds?: readonly string[];
  active?: boolean;
};

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
    active: row.active,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const sortColumns = {
  gameId: [gameVersions.gameId, gameVersions.versionNumber],
  versionNumber: [gameVersions.versionNumber, gameVersions.gameId],
  active: [gameVersions.active, gameVersions.gameId, gameVersions.versionNumber],
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
    query.active ? eq(gameVersions.active, query.active === 'true') : undefined,
    query.jurisdictionId
      ? exists(
          // A raw subquery must bring its own parentheses: `exists` adds none around an `sql` fragment.
          sql`(select 1 from ${gameVersionJurisdictions} where ${gameVersionJurisdictions.gameVersionId} = ${gameVersions.id} and ${gameVersionJurisdictions.jurisdictionId} = ${query.jurisdictionId})`,
        )
      : undefined,
  );
}

type GameVersionRecords = ConfigRepository<
  GameVersion,
  GameVersionListQuery,
  GameVersionCreate,
  GameVersionChanges
>;

/**
 * The SQL of game versions: a version with its jurisdictions (a table of their own), so written out rather
 * than with `configRepository`, but answering what `config-service` asks of a configuration repository.
 */
export function createGameVersionsRepository() {
  const joined = (db: Db) =>
    db.select(selection).from(gameVersions).innerJoin(games, eq(games.gameId, gameVersions.gameId));

  const current = (id: string, version: number) =>
    and(eq(gameVersions.id, id), eq(gameVersions.version, version));

  async function findById(db: Db, id: string): Promise<GameVersion | undefined> {
    const [row] = await joined(db).where(eq(gameVersions.id, id));
    return row && toGameVersion(row);
  }

  async function setJurisdictions(db: Db, id: string, jurisdictionIds: readonly string[]) {
    await db.delete(gameVersionJurisdictions).where(eq(gameVersionJurisdictions.gameVersionId, id));
    if (jurisdictionIds.length > 0) {
      await db
        .insert(gameVersionJurisdictions)
        .values(jurisdictionIds.map((jurisdictionId) => ({ gameVersionId: id, jurisdictionId })));
    }
  }

  const records: GameVersionRecords = {
    async list(db, query) {
      const filter = listFilter(query);
      const direction = query.order === 'desc' ? desc : asc;
      const { rows, total } = await pageWithTotal(
        query,
        joined(db)
          .where(filter)
          .orderBy(...[...sortColumns[query.sort], gameVersions.id].map((column) => direction(column)))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        () => countUpTo(db, gameVersions, filter, { indexed: Boolean(query.q) }),
      );
      return { items: rows.map(toGameVersion), total };
    },

    findById,

    async lock(db, id) {
      await db
        .select({ id: gameVersions.id })
        .from(gameVersions)
        .where(eq(gameVersions.id, id))
        .for('update');
    },

    async insert(db, { jurisdictionIds, ...values }) {
      const [row] = await db.insert(gameVersions).values(values).returning({ id: gameVersions.id });
      await setJurisdictions(db, row!.id, jurisdictionIds);
      return (await findById(db, row!.id))!;
    },

    async update(db, id, version, { jurisdictionIds, ...values }) {
      const rows = await db
        .update(gameVersions)
        .set({ ...values, ...nextVersion(gameVersions.version) })
        .where(current(id, version))
        .returning({ id: gameVersions.id });
      if (rows.length === 0) return undefined;
      if (jurisdictionIds) await setJurisdictions(db, id, jurisdictionIds);
      return findById(db, id);
    },

    async delete(db, id, version) {
      // Read first: the jurisdiction links go with the row.
      const before = await findById(db, id);
      const rows = await db
        .delete(gameVersions)
        .where(current(id, version))
        .returning({ id: gameVersions.id });
      return rows.length > 0 ? before : undefined;
    },
  };

  return {
    ...records,

    async findByGame(db: Db, gameId: string): Promise<GameVersion[]> {
      const rows = await joined(db).where(eq(gameVersions.gameId, gameId)).orderBy(asc(gameVersions.id));
      return rows.map(toGameVersion);
    },

    async deleteMany(db: Db, ids: readonly string[]): Promise<void> {
      if (ids.length > 0) await db.delete(gameVersions).where(inArray(gameVersions.id, ids));
    },
  };
}

export type GameVersionsRepository = ReturnType<typeof createGameVersionsRepository>;
