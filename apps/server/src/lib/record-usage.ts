/**
 * What uses a record (issue 17): the SQL behind the `details` of a refused delete. An area names, per kind,
 * the rows that refer to its record; this counts them and names a few to link to.
 *
 * Scope: a user limited to some casinos and integrations learns nothing about the others. Rows outside
 * the scope are neither named nor counted: the answer says only that there are some (`othersHidden`),
 * which the refusal itself gives away already, so that it does not seem to have no reason. Game versions
 * and games are nobody's scope: every caller sees them.
 */
import { USAGE_NAMED_MAX, type RecordUsage, type UsageKind } from '@backoffice/contracts';
import { and, asc, not, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { casinos, games, gameVersions, integrations } from '../db/schema';
import { casinoScopeCondition, integrationScopeCondition, type Scope } from './scope';

/** The rows of one kind that refer to a record. */
export interface UsageSource {
  kind: UsageKind;
  table: PgTable;
  id: PgColumn;
  name: PgColumn | SQL<string>;
  /** The rows that refer to the record. */
  where: SQL;
  /** The rows the caller may see; undefined when every row. */
  visible?: SQL | undefined;
}

/** The rows whose `id` a link table names where `where` holds (e.g. the casinos that gave an option a value). */
export function linkedTo(id: PgColumn, link: PgColumn, where: SQL): SQL {
  return sql`${id} in (select ${link} from ${link.table} where ${where})`;
}

/** The usage sources of each kind: `where` selects the rows (of that kind's table) that refer to the record. */
export const usedBy = {
  casinos: (where: SQL, scope: Scope): UsageSource => ({
    kind: 'casinos',
    table: casinos,
    id: casinos.id,
    name: casinos.name,
    where,
    visible: casinoScopeCondition(scope, casinos.id),
  }),
  integrations: (where: SQL, scope: Scope): UsageSource => ({
    kind: 'integrations',
    table: integrations,
    id: integrations.id,
    name: integrations.name,
    where,
    visible: integrationScopeCondition(scope, integrations.id),
  }),
  games: (where: SQL): UsageSource => ({
    kind: 'games',
    table: games,
    id: games.gameId,
    name: games.name,
    where,
  }),
  gameVersions: (where: SQL): UsageSource => ({
    kind: 'gameVersions',
    table: gameVersions,
    id: gameVersions.id,
    name: sql<string>`${gameVersions.gameId} || ' ' || ${gameVersions.versionNumber}`,
    where,
  }),
};

/**
 * Counts what uses a record, kind by kind, in the caller's transaction (so it matches the refused delete);
 * kinds with no row are left out.
 */
export async function usageOf(tx: Db, sources: readonly UsageSource[]): Promise<RecordUsage[]> {
  const usage: RecordUsage[] = [];
  for (const source of sources) {
    const named = await tx
      .select({
        id: sql<string>`${source.id}::text`,
        name: source.name,
        total: sql<number>`count(*) over ()`,
      })
      .from(source.table)
      .where(and(source.where, source.visible))
      .orderBy(asc(source.name), asc(source.id))
      .limit(USAGE_NAMED_MAX);
    const visibleCount = Number(named[0]?.total ?? 0);
    let othersHidden = false;
    if (source.visible) {
      const [row] = await tx
        .select({ one: sql<number>`1` })
        .from(source.table)
        .where(and(source.where, not(source.visible)))
        .limit(1);
      othersHidden = row !== undefined;
    }
    if (visibleCount === 0 && !othersHidden) continue;
    usage.push({
      kind: source.kind,
      count: visibleCount,
      records: named.map(({ id, name }) => ({ id, name: String(name) })),
      othersHidden,
    });
  }
  return usage;
}
