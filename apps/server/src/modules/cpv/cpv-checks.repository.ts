/** The SQL of CPV checks: checks and their progress, the append-only results, what can be checked. */
import {
  cpvGameVersionComponent,
  type CpvCheck,
  type CpvCheckListQuery,
  type CpvCheckResult,
  type CpvResult,
  type CpvResultCounts,
  type CpvResultListQuery,
  type CpvSource,
} from '@backoffice/contracts';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  allowedHashes,
  bridges,
  cpvCheckResults,
  cpvChecks,
  gameVersions,
  games,
} from '../../db/schema/index';
import { countUpTo, likePattern, pageWithTotal, rowsOf } from '../../lib/sql';

type CheckRow = typeof cpvChecks.$inferSelect;
type ResultRow = typeof cpvCheckResults.$inferSelect;

const iso = (instant: string) => new Date(instant).toISOString();
const isoOrNull = (instant: string | null) => (instant === null ? null : iso(instant));

const noCounts = (): CpvResultCounts => ({ pass: 0, mismatch: 0, unknownComponent: 0, unreachable: 0 });
const countKey: Record<CpvResult, keyof CpvResultCounts> = {
  pass: 'pass',
  mismatch: 'mismatch',
  'unknown-component': 'unknownComponent',
  unreachable: 'unreachable',
};

function toCheck(row: CheckRow, counts: CpvResultCounts = noCounts()): CpvCheck {
  return {
    id: row.id,
    trigger: row.trigger,
    triggeredBy: row.trigger === 'schedule' ? null : row.triggeredBy,
    components: row.components ?? null,
    state: row.state,
    total: row.total,
    done: row.done,
    counts,
    error: row.error,
    createdAt: iso(row.createdAt),
    startedAt: isoOrNull(row.startedAt),
    finishedAt: isoOrNull(row.finishedAt),
  };
}

function toResult(row: ResultRow, trigger: CheckRow['trigger']): CpvCheckResult {
  return {
    id: row.id,
    checkId: row.checkId,
    component: row.component,
    source: row.source,
    expectedHash: row.expectedHash,
    actualHash: row.actualHash,
    result: row.result,
    detail: row.detail,
    checkedOn: iso(row.checkedOn),
    trigger,
    triggeredBy: trigger === 'schedule' ? null : row.triggeredBy,
  };
}

/** A game version whose frontend can be hashed. */
export interface GameVersionTarget {
  id: string;
  component: string;
  gameId: string;
  versionNumber: string;
  gameName: string;
  frontendUrl: string;
  active: boolean;
}

/** A bridge that can be asked for its components (the secret signs the request, and stays here). */
export interface BridgeTarget {
  id: string;
  name: string;
  routerUrl: string;
  secret: string;
}

/** One result to append. */
export interface NewResult {
  checkId: string;
  component: string;
  source: CpvSource;
  expectedHash: string | null;
  actualHash: string | null;
  result: CpvResult;
  detail: string | null;
  triggeredBy: string | null;
}

export function createCpvChecksRepository() {
  async function countsOf(db: Db, checkIds: string[]): Promise<Map<string, CpvResultCounts>> {
    const counts = new Map<string, CpvResultCounts>();
    if (checkIds.length === 0) return counts;
    const rows = await db
      .select({ checkId: cpvCheckResults.checkId, result: cpvCheckResults.result, n: count() })
      .from(cpvCheckResults)
      .where(inArray(cpvCheckResults.checkId, checkIds))
      .groupBy(cpvCheckResults.checkId, cpvCheckResults.result);
    for (const row of rows) {
      const entry = counts.get(row.checkId) ?? noCounts();
      entry[countKey[row.result]] = row.n;
      counts.set(row.checkId, entry);
    }
    return counts;
  }

  function resultFilter(query: CpvResultListQuery): SQL | undefined {
    return and(
      query.component ? ilike(cpvCheckResults.component, likePattern(query.component)) : undefined,
      query.result ? eq(cpvCheckResults.result, query.result) : undefined,
      query.checkId ? eq(cpvCheckResults.checkId, query.checkId) : undefined,
      query.from ? gte(cpvCheckResults.checkedOn, iso(query.from)) : undefined,
      // Results are answered to the millisecond: `to` includes its whole millisecond.
      query.to ? lt(cpvCheckResults.checkedOn, new Date(Date.parse(query.to) + 1).toISOString()) : undefined,
    );
  }

  return {
    async listChecks(db: Db, query: CpvCheckListQuery): Promise<{ items: CpvCheck[]; total: number }> {
      const { rows, total } = await pageWithTotal(
        query,
        db
          .select()
          .from(cpvChecks)
          .orderBy(desc(cpvChecks.createdAt), desc(cpvChecks.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        () => countUpTo(db, cpvChecks, undefined),
      );
      const counts = await countsOf(
        db,
        rows.map((row) => row.id),
      );
      return { items: rows.map((row) => toCheck(row, counts.get(row.id))), total };
    },

    async findCheck(db: Db, id: string): Promise<CpvCheck | undefined> {
      const [row] = await db.select().from(cpvChecks).where(eq(cpvChecks.id, id));
      if (!row) return undefined;
      return toCheck(row, (await countsOf(db, [id])).get(id));
    },

    async insertCheck(
      db: Db,
      values: {
        trigger: 'schedule' | 'manual';
        triggeredBy: string | null;
        triggeredById: string | null;
        components: string[] | null;
      },
    ): Promise<CpvCheck> {
      const [row] = await db.insert(cpvChecks).values(values).returning();
      return toCheck(row!);
    },

    /**
     * Takes the oldest queued check and marks it running; skips one another runner is taking at the same
     * moment, so a check runs once.
     */
    async claimNextQueued(db: Db): Promise<CheckRow | undefined> {
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`update cpv_checks set state = 'running', started_at = now()
          where id = (select id from cpv_checks where state = 'queued' order by created_at, id
            limit 1 for update skip locked)
          returning id`),
      );
      if (!row) return undefined;
      const [check] = await db.select().from(cpvChecks).where(eq(cpvChecks.id, row.id));
      return check;
    },

    /** Checks left running by a runner that stopped (a restart): they end as failed. */
    async failRunning(db: Db, error: string): Promise<number> {
      const rows = await db
        .update(cpvChecks)
        .set({ state: 'failed', error, finishedAt: sql`now()` })
        .where(eq(cpvChecks.state, 'running'))
        .returning({ id: cpvChecks.id });
      return rows.length;
    },

    async setTotal(db: Db, id: string, total: number): Promise<void> {
      await db.update(cpvChecks).set({ total }).where(eq(cpvChecks.id, id));
    },

    async finish(db: Db, id: string, outcome: { state: 'finished' } | { state: 'failed'; error: string }) {
      await db
        .update(cpvChecks)
        .set({
          state: outcome.state,
          error: outcome.state === 'failed' ? outcome.error.slice(0, 2000) : null,
          finishedAt: sql`now()`,
        })
        .where(eq(cpvChecks.id, id));
    },

    /** Appends a result and counts it done, in the caller's transaction. */
    async appendResult(db: Db, result: NewResult): Promise<CpvCheckResult> {
      const [row] = await db.insert(cpvCheckResults).values(result).returning();
      const [check] = await db
        .update(cpvChecks)
        .set({ done: sql`${cpvChecks.done} + 1` })
        .where(eq(cpvChecks.id, result.checkId))
        .returning({ trigger: cpvChecks.trigger });
      return toResult(row!, check!.trigger);
    },

    async listResults(
      db: Db,
      query: CpvResultListQuery,
    ): Promise<{ items: CpvCheckResult[]; total: number }> {
      const filter = resultFilter(query);
      const { rows, total } = await pageWithTotal(
        query,
        db
          .select({ result: cpvCheckResults, trigger: cpvChecks.trigger })
          .from(cpvCheckResults)
          .innerJoin(cpvChecks, eq(cpvChecks.id, cpvCheckResults.checkId))
          .where(filter)
          .orderBy(desc(cpvCheckResults.checkedOn), asc(cpvCheckResults.component), desc(cpvCheckResults.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        () => countUpTo(db, cpvCheckResults, filter),
      );
      return { items: rows.map((row) => toResult(row.result, row.trigger)), total };
    },

    /** Every game version with a frontend URL, by game and version. */
    async gameVersionTargets(db: Db): Promise<GameVersionTarget[]> {
      const rows = await db
        .select({
          id: gameVersions.id,
          gameId: gameVersions.gameId,
          versionNumber: gameVersions.versionNumber,
          gameName: games.name,
          frontendUrl: gameVersions.frontendUrl,
          active: gameVersions.active,
        })
        .from(gameVersions)
        .innerJoin(games, eq(games.gameId, gameVersions.gameId))
        .where(sql`btrim(${gameVersions.frontendUrl}) <> ''`)
        .orderBy(asc(gameVersions.gameId), asc(gameVersions.versionNumber));
      return rows.map((row) => ({
        ...row,
        frontendUrl: row.frontendUrl.trim(),
        component: cpvGameVersionComponent(row.gameId, row.versionNumber),
      }));
    },

    async bridgeTargets(db: Db): Promise<BridgeTarget[]> {
      return db
        .select({ id: bridges.id, name: bridges.name, routerUrl: bridges.routerUrl, secret: bridges.secret })
        .from(bridges)
        .orderBy(asc(bridges.name));
    },

    /**
     * The allowed hashes of a component (not retired), and where else the hash is known: retired for this
     * component, or allowed for another one (to say why a hash does not pass).
     */
    async hashesFor(
      db: Db,
      component: string,
      actualHash: string | null,
    ): Promise<{ allowed: string[]; retiredHere: boolean; allowedFor: string | null }> {
      const rows = await db
        .select({
          component: allowedHashes.component,
          hash: allowedHashes.hash,
          retiredAt: allowedHashes.retiredAt,
        })
        .from(allowedHashes)
        .where(
          or(
            eq(allowedHashes.component, component),
            actualHash === null ? undefined : eq(allowedHashes.hash, actualHash),
          ),
        )
        .orderBy(asc(allowedHashes.hash));
      const allowed = rows
        .filter((row) => row.component === component && row.retiredAt === null)
        .map((row) => row.hash);
      const same = rows.find((row) => row.hash === actualHash);
      return {
        allowed,
        retiredHere: same !== undefined && same.component === component && same.retiredAt !== null,
        allowedFor:
          same !== undefined && same.component !== component && same.retiredAt === null
            ? same.component
            : null,
      };
    },

    /** Whether an alert of the kind about the subject is still open. */
    async hasOpenAlert(db: Db, kind: string, subject: string): Promise<boolean> {
      const rows = rowsOf<{ one: number }>(
        await db.execute(sql`select 1 as one from alerts
          where kind = ${kind} and subject = ${subject} and acknowledged_at is null limit 1`),
      );
      return rows.length > 0;
    },

    /** Deactivates a game version (no new rounds); answers its state before, or undefined if it is gone. */
    async deactivateGameVersion(db: Db, id: string): Promise<{ wasActive: boolean } | undefined> {
      const [before] = await db
        .select({ active: gameVersions.active })
        .from(gameVersions)
        .where(eq(gameVersions.id, id))
        .for('update');
      if (!before) return undefined;
      if (before.active) {
        await db
          .update(gameVersions)
          .set({ active: false, version: sql`${gameVersions.version} + 1`, updatedAt: sql`now()` })
          .where(and(eq(gameVersions.id, id), eq(gameVersions.active, true)));
      }
      return { wasActive: before.active };
    },

    async deactivateOnMismatch(db: Db): Promise<boolean> {
      const rows = rowsOf<{ enabled: boolean }>(
        await db.execute(sql`select cpv_deactivate_on_mismatch as enabled from global_settings where id = 1`),
      );
      return rows[0]?.enabled ?? false;
    },
  };
}

export type CpvChecksRepository = ReturnType<typeof createCpvChecksRepository>;
