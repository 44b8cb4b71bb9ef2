/**
 * The names the report filters offer (casinos, integrations, games) to every reader of reports or game
 * rounds, also to those who may not open the configuration lists. Only what the reader's scope grants
 * (lib/scope.ts): their casinos and the casinos their integrations serve (bound, or with figures of
 * theirs), their integrations — not the integrations whose traffic runs through a casino of theirs: the
 * rounds of the casino are theirs to see, the other integrations are not theirs to name — and the games
 * with figures they see (by the scope rule of platform data, casino OR integration). What still has
 * figures but was deleted comes with its id and no name.
 */
import type { ReportDimension, ReportDimensions } from '@backoffice/contracts';
import { inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { casinos, games, integrationCasinos, integrations } from '../../db/schema/index';
import {
  casinoScopeCondition,
  integrationInScope,
  integrationScopeCondition,
  type Scope,
} from '../../lib/scope';
import { rowsOf } from '../../lib/sql';
import { platformScopeCondition } from './rollup-source';

interface FigureKeys {
  casinoIds: string[];
  integrationIds: string[];
  gameIds: string[];
}

/**
 * The casinos, integrations and games with figures in the scope (the monthly rollup has them all), less
 * the integrations the scope does not grant.
 */
async function figureKeys(db: Db, scope: Scope): Promise<FigureKeys> {
  const inScope = platformScopeCondition(scope);
  const rows = rowsOf<{ dimension: 'c' | 'i' | 'g'; id: string }>(
    await db.execute(sql`
      with keys as (
        select distinct casino_id, integration_id, game_id from round_stats_monthly
        ${inScope ? sql`where ${inScope}` : sql``}
      )
      select distinct 'c' as dimension, casino_id as id from keys
      union all select distinct 'i', integration_id from keys
      union all select distinct 'g', game_id from keys`),
  );
  const of = (dimension: 'c' | 'i' | 'g') =>
    rows.filter((row) => row.dimension === dimension).map((row) => row.id);
  return {
    casinoIds: of('c'),
    integrationIds: of('i').filter((id) => integrationInScope(scope, id)),
    gameIds: of('g'),
  };
}

/** Either condition, leaving out the absent ones; undefined (everything) when one of them is. */
function either(scoped: SQL | undefined, withFigures: SQL | undefined): SQL | undefined {
  return scoped === undefined ? undefined : or(scoped, withFigures);
}

function inIds(column: Parameters<typeof inArray>[0], ids: string[]): SQL | undefined {
  return ids.length === 0 ? undefined : inArray(column, ids);
}

/** By name, ignoring case; the nameless last, by id. */
function byName(a: ReportDimension, b: ReportDimension): number {
  if (a.name !== null && b.name !== null) {
    const order = a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
    if (order !== 0) return order;
  } else if (a.name !== b.name) return a.name === null ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The named rows, and every id with figures that has no row (deleted) without a name. */
function withNameless(named: ReportDimension[], figureIds: string[]): ReportDimension[] {
  const known = new Set(named.map((item) => item.id));
  const nameless = figureIds.filter((id) => !known.has(id)).map((id) => ({ id, name: null }));
  return [...named, ...nameless].sort(byName);
}

export async function reportDimensions(db: Db, scope: Scope): Promise<ReportDimensions> {
  const keys = await figureKeys(db, scope);

  const casinosOfIntegrations =
    scope.unlimited || scope.integrationIds.length === 0
      ? undefined
      : inArray(
          casinos.id,
          db
            .select({ id: integrationCasinos.casinoId })
            .from(integrationCasinos)
            .where(inArray(integrationCasinos.integrationId, [...scope.integrationIds])),
        );
  const casinoCondition = either(
    or(casinoScopeCondition(scope, casinos.id), casinosOfIntegrations),
    inIds(casinos.id, keys.casinoIds),
  );
  const integrationCondition = either(
    integrationScopeCondition(scope, integrations.id),
    inIds(integrations.id, keys.integrationIds),
  );

  const casinoRows = await db
    .select({ id: casinos.id, name: casinos.name })
    .from(casinos)
    .where(casinoCondition);
  const integrationRows = await db
    .select({ id: integrations.id, name: integrations.name })
    .from(integrations)
    .where(integrationCondition);
  const gameRows =
    keys.gameIds.length === 0
      ? []
      : await db
          .select({ id: games.gameId, name: games.name })
          .from(games)
          .where(inArray(games.gameId, keys.gameIds));
  return {
    casinos: withNameless(casinoRows, keys.casinoIds),
    integrations: withNameless(integrationRows, keys.integrationIds),
    games: withNameless(gameRows, keys.gameIds),
  };
}
