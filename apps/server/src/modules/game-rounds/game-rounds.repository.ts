/**
 * The search over the raw game rounds. Every index of game_rounds starts with casino_id, so the search runs
 * once per casino (a lateral subquery that walks that casino's index newest first and stops after one page)
 * and merges the casinos' pages: the cost grows with the page and the number of casinos, not with the
 * number of rounds (see docs/decisions/019-game-round-search-and-significant-events.md). Where it walks
 * many casinos it reads the start instants first and whole rounds after (decision 035's addendum).
 */
import type { GameRoundDetail, GameRoundSummary, RoundStatus } from '@backoffice/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Scope } from '../../lib/scope';
import { isoMs, placeholderArray, statementOnce, textArray } from '../../lib/sql';

/** Where a page ended: the sort key of its last round (started_at to the microsecond, as UTC text). */
export interface RoundKey {
  startedAt: string;
  casinoId: string;
  roundId: string;
}

export interface RoundFilter {
  roundId?: string | undefined;
  providerRoundId?: string | undefined;
  playerId?: string | undefined;
  integrationIds?: readonly string[] | undefined;
  gameIds?: readonly string[] | undefined;
  status?: RoundStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

interface SummaryRow {
  casino_id: string;
  round_id: string;
  provider_round_id: string | null;
  integration_id: string;
  player_id: string;
  game_id: string;
  started_key: string;
  updated_iso: string;
  status: RoundStatus;
  currency: string;
  debit: string | number;
  credit: string | number;
  total_win: string | number;
}

interface DetailRow extends SummaryRow {
  voucher_code: string | null;
  funds_at_start: string | number | null;
  funds_at_end: string | number | null;
  displayed_outcome: unknown;
  real_money: string | number | null;
  bonus_money: string | number | null;
  voucher_money: string | number | null;
}

const money = (value: string | number) => Number(value);
const optionalMoney = (value: string | number | null) => (value === null ? null : Number(value));

// The start as the sort key has it (UTC, to the microsecond); the API's instants are to the millisecond.
const isoUs = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const columns = sql`g.casino_id, g.round_id, g.provider_round_id, g.integration_id, g.player_id, g.game_id,
  g.started_at, g.updated_at, g.status, g.currency, g.debit, g.credit, g.total_win`;
/** The columns of a summary as answered, from a row `r` that holds the columns above. */
const summaryOf = (r: SQL) => sql`${r}.casino_id, ${r}.round_id, ${r}.provider_round_id, ${r}.integration_id,
  ${r}.player_id, ${r}.game_id, ${isoUs(sql`${r}.started_at`)} as started_key,
  ${isoMs(sql`${r}.updated_at`)} as updated_iso, ${r}.status, ${r}.currency, ${r}.debit, ${r}.credit, ${r}.total_win`;

/**
 * A summary as its answer's JSON text, written by the database from a row `r` that holds the columns above:
 * the same fields, values and instants as `toSummary` (the key's microseconds cut to milliseconds by
 * `isoMs`). Texts are written by `to_json` (quoted and escaped); numbers and instants as they are. Joined
 * text costs the database about half of what `json_build_object` does (decision 042).
 */
function summaryJson(r: SQL): SQL {
  const text = (column: string) => sql`to_json(${r}.${sql.raw(column)})::text`;
  const fields: [string, SQL][] = [
    ['casinoId', text('casino_id')],
    ['roundId', text('round_id')],
    ['providerRoundId', sql`coalesce(${text('provider_round_id')}, 'null')`],
    ['integrationId', text('integration_id')],
    ['playerId', text('player_id')],
    ['gameId', text('game_id')],
    ['startedAt', sql`'"' || ${isoMs(sql`${r}.started_at`)} || '"'`],
    ['updatedAt', sql`'"' || ${isoMs(sql`${r}.updated_at`)} || '"'`],
    ['status', text('status')],
    ['currency', text('currency')],
    ['debit', sql`${r}.debit::text`],
    ['credit', sql`${r}.credit::text`],
    ['totalWin', sql`${r}.total_win::text`],
  ];
  const parts = fields.map(
    ([name, value], index) => sql`${sql.raw(`'${index === 0 ? '{' : ','}"${name}":'`)} || ${value}`,
  );
  return sql`(${sql.join(parts, sql` || `)} || '}')`;
}

/** A page of the search as the database answers it: one row, whatever it found. */
interface PageRow {
  /** The page's summaries as a JSON array, in the page's order. */
  items: string;
  /** The sort key of the page's last round when the page is full (else null). */
  last_started_key: string | null;
  last_casino_id: string | null;
  last_round_id: string | null;
  more: boolean;
}

function toSummary(row: SummaryRow): GameRoundSummary {
  return {
    casinoId: row.casino_id,
    roundId: row.round_id,
    providerRoundId: row.provider_round_id,
    integrationId: row.integration_id,
    playerId: row.player_id,
    gameId: row.game_id,
    // The key's microseconds cut to milliseconds, as `isoMs` writes them: one formatted start per row.
    startedAt: `${row.started_key.slice(0, -4)}Z`,
    updatedAt: row.updated_iso,
    status: row.status,
    currency: row.currency,
    debit: money(row.debit),
    credit: money(row.credit),
    totalWin: money(row.total_win),
  };
}

/** A limited reader sees a round of one of their casinos, or of one of their integrations. */
export function scopeCondition(scope: Scope): SQL {
  if (scope.unlimited) return sql`true`;
  return scopeConditionOf(textArray(scope.casinoIds), textArray(scope.integrationIds));
}

function scopeConditionOf(casinoIds: SQL, integrationIds: SQL): SQL {
  return sql`(g.casino_id = any(${casinoIds}) or g.integration_id = any(${integrationIds}))`;
}

/**
 * What tells the search's statements apart (decision 039): which of the filter's parts are given, how many
 * values each list holds, the reader's scope, whether it continues after a cursor and whether it reads in
 * one pass. Its values are the statement's placeholders (`valuesOf`); none is part of its text.
 */
interface SearchShape {
  /** The casinos asked for (distinct); 0: every casino that holds rounds. */
  casinos: number;
  /** The games asked for (distinct); 0: any game. */
  games: number;
  integrations: number;
  roundId: boolean;
  providerRoundId: boolean;
  playerId: boolean;
  status: 'any' | 'completed' | 'rare';
  from: boolean;
  to: boolean;
  after: boolean;
  scope: ScopeShape;
  onePass: boolean;
}

/** The values of a search's placeholders: each list's values by their index, the rest by name. */
function valuesOf(
  lists: Record<string, readonly string[]>,
  named: Record<string, string | number | undefined>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, list] of Object.entries(lists)) {
    list.forEach((value, index) => {
      values[`${name}${index}`] = value;
    });
  }
  for (const [name, value] of Object.entries(named)) if (value !== undefined) values[name] = value;
  return values;
}

const placeholder = (name: string) => sql`${sql.placeholder(name)}`;

/** A reader's scope as a statement's shape has it: unlimited, or how many casinos and integrations. */
type ScopeShape = 'all' | [casinos: number, integrations: number];

const scopeShapeOf = (scope: Scope): ScopeShape =>
  scope.unlimited ? 'all' : [scope.casinoIds.length, scope.integrationIds.length];

/** The lists of `scopeCondition`'s placeholders (`valuesOf`). */
const scopeLists = (scope: Scope) => ({
  scopeCasino: scope.unlimited ? [] : scope.casinoIds,
  scopeIntegration: scope.unlimited ? [] : scope.integrationIds,
});

/** `scopeCondition` with the scope's casinos and integrations as placeholders. */
function scopePlaceholders(scope: ScopeShape): SQL {
  if (scope === 'all') return sql`true`;
  return scopeConditionOf(
    placeholderArray('scopeCasino', scope[0]),
    placeholderArray('scopeIntegration', scope[1]),
  );
}

function filterConditions(shape: SearchShape): SQL[] {
  const conditions: SQL[] = [];
  if (shape.roundId) conditions.push(sql`g.round_id = ${placeholder('roundId')}`);
  if (shape.providerRoundId) conditions.push(sql`g.provider_round_id = ${placeholder('providerRoundId')}`);
  if (shape.playerId) conditions.push(sql`g.player_id = ${placeholder('playerId')}`);
  if (shape.integrations > 0) {
    conditions.push(sql`g.integration_id = any(${placeholderArray('integration', shape.integrations)})`);
  }
  // Every status but `completed` is rare and has an index of its own (casino, status, start; partial:
  // status <> 'completed'); saying so lets the planner use it whatever the status's value.
  if (shape.status === 'completed') conditions.push(sql`g.status = 'completed'`);
  else if (shape.status === 'rare') {
    conditions.push(sql`g.status = ${placeholder('status')}`, sql`g.status <> 'completed'`);
  }
  if (shape.from) conditions.push(sql`g.started_at >= ${placeholder('from')}::timestamptz`);
  // Rounds are answered to the millisecond: `to` includes its whole millisecond, so a round is found with
  // `to` set to the start the API showed for it.
  if (shape.to) {
    conditions.push(sql`g.started_at < ${placeholder('to')}::timestamptz + interval '1 millisecond'`);
  }
  return conditions;
}

/**
 * Rounds after the key in the order (started_at desc, casino_id, round_id). The first condition alone is
 * what the index can seek to; the second settles rounds that started at the same instant.
 */
function afterKey(shape: SearchShape): SQL[] {
  if (!shape.after) return [];
  const at = sql`${placeholder('afterStartedAt')}::timestamptz`;
  const casino = placeholder('afterCasinoId');
  return [
    sql`g.started_at <= ${at}`,
    sql`(g.started_at < ${at} or g.casino_id > ${casino} or (g.casino_id = ${casino} and g.round_id > ${placeholder('afterRoundId')}))`,
  ];
}

/**
 * The casinos whose rounds the search walks (the body of the CTE `casino_ids(id)`): those asked for, or
 * every casino that holds rounds. Those come from the monthly rollups (one row per casino, month,
 * integration, game and currency: far fewer than rounds), not from the casinos table, so the rounds of
 * a deleted casino stay findable.
 */
function casinosToSearch(shape: SearchShape): SQL {
  if (shape.casinos > 0) return sql`select unnest(${placeholderArray('casino', shape.casinos)})`;
  // A skip scan over the primary key: one index probe per casino instead of reading every row.
  return sql`(select casino_id from round_stats_monthly order by casino_id limit 1)
    union all
    select (select m.casino_id from round_stats_monthly m where m.casino_id > casino_ids.id
            order by m.casino_id limit 1)
    from casino_ids where casino_ids.id is not null`;
}

/**
 * Whether a casino holds rounds of one of the integrations: asked of the rollups' key (casino, month,
 * integration, …) once per month, each an index probe, instead of reading all rollup rows of the
 * integrations.
 */
function holdsRoundsOf(integrationIds: SQL, casino: SQL): SQL {
  const months = sql`array(select month::date from generate_series(
      (select min(month) from round_stats_monthly), (select max(month) from round_stats_monthly),
      interval '1 month') as month)`;
  return sql`exists (select 1 from round_stats_monthly m
    where m.casino_id = ${casino} and m.month = any(${months})
      and m.integration_id = any(${integrationIds}))`;
}

/**
 * Which of those casinos a limited reader has rounds in: their own casinos, and the casinos with rounds
 * of their integrations.
 */
function casinosInScope(shape: SearchShape, casino: SQL): SQL {
  if (shape.scope === 'all') return sql`true`;
  const [casinos, integrations] = shape.scope;
  const conditions: SQL[] = [];
  if (casinos > 0) conditions.push(sql`${casino} = any(${placeholderArray('scopeCasino', casinos)})`);
  if (integrations > 0) {
    conditions.push(holdsRoundsOf(placeholderArray('scopeIntegration', integrations), casino));
  }
  return conditions.length === 0 ? sql`false` : sql`(${sql.join(conditions, sql` or `)})`;
}

/**
 * Whether whole rounds are read in one pass: when the search makes so few walks (one or two casinos, one
 * game or none) or finds so few rounds (by round id) that this costs less than walking the start instants
 * first (a second pass costs the database about as much as a walk over every month of a casino); and after
 * a cursor, whose conditions name the round id: a walk of only instants and round ids could then read the
 * primary key's every entry of a casino, and the once-planned statement would do so whatever the values.
 */
function onePass(shape: Omit<SearchShape, 'onePass'>): boolean {
  if (shape.after || shape.roundId || shape.providerRoundId) return true;
  if (shape.games > 1) return false;
  // Integrations connect a few casinos each.
  if (shape.integrations > 0) return true;
  const casinos =
    shape.casinos > 0
      ? shape.casinos
      : shape.scope !== 'all' && shape.scope[1] === 0
        ? shape.scope[0]
        : Infinity;
  return casinos <= 2;
}

/** The search's statement of a shape, its values as placeholders. */
function searchStatement(shape: SearchShape): SQL {
  // One walk per casino, and per game when games are asked for: each walks its own index
  // ((casino, start), (casino, game, start), the rare statuses' (casino, status, start)) newest first.
  const conditions = [
    sql`g.casino_id = casino.id`,
    ...(shape.games > 0 ? [sql`g.game_id = game.id`] : []),
    ...filterConditions(shape),
    ...afterKey(shape),
    scopePlaceholders(shape.scope),
  ];
  const casinoConditions = [sql`casino.id is not null`, casinosInScope(shape, sql`casino.id`)];
  if (shape.integrations > 0) {
    casinoConditions.push(holdsRoundsOf(placeholderArray('integration', shape.integrations), sql`casino.id`));
  }
  const limit = placeholder('limit');
  const pageSize = placeholder('pageSize');
  // The walks from `casinos` (each casino, and game), each bringing up to a page (plus one) of rounds.
  const walks = (casinos: SQL, select: SQL, bound: SQL[], order: SQL) => sql`from ${casinos} as casino
        ${shape.games > 0 ? sql`cross join unnest(${placeholderArray('game', shape.games)}) as game(id)` : sql``}
        cross join lateral (
          select ${select} from game_rounds g
          where ${sql.join([...conditions, ...bound], sql` and `)}
          order by ${order}
          limit ${limit}
        ) r`;
  // The page out of the walks' rounds (a page and one more, to tell whether more follow): chosen first,
  // then written as the answer's JSON, with the last round's key for the cursor.
  const last = (column: SQL) => sql`min(${column}) filter (where p.n = ${pageSize})`;
  const pageOf = (walked: SQL) => sql`select
      '[' || coalesce(string_agg(${summaryJson(sql`p`)}, ',' order by p.n) filter (where p.n <= ${pageSize}), '')
        || ']' as items,
      ${last(isoUs(sql`p.started_at`))} as last_started_key, ${last(sql`p.casino_id`)} as last_casino_id,
      ${last(sql`p.round_id`)} as last_round_id, count(*) > ${pageSize} as more
    from (
      select r.*, row_number() over (order by r.started_at desc, r.casino_id, r.round_id) as n from (
        select r.* ${walked}
        order by r.started_at desc, r.casino_id, r.round_id
        limit ${limit}
      ) r
    ) p`;
  const inScope = sql`where ${sql.join(casinoConditions, sql` and `)}`;
  const whole = (casinos: SQL, bound: SQL[] = []) =>
    walks(casinos, columns, bound, sql`g.started_at desc, g.round_id`);
  const searched = sql`with recursive casino_ids(id) as (${casinosToSearch(shape)})`;
  if (shape.onePass) {
    return sql`${searched}
      ${pageOf(sql`${whole(sql`casino_ids`)} ${inScope}`)}`;
  }
  // Two passes. The first walks only the start instants (which the indexes hold): the page's rounds come
  // from the casinos of the latest starts and start no earlier than the last of them, ties going to the
  // smaller casino id as the page's order has it. The second reads whole rounds of those casinos from that
  // start on: about a page of rows instead of a page per walk, and no month before.
  return sql`${searched},
    page_starts(casino_id, started_at) as (
      select casino.id, r.started_at
      ${walks(sql`casino_ids`, sql`g.started_at`, [], sql`g.started_at desc`)} ${inScope}
      order by r.started_at desc, casino.id
      limit ${limit}
    )
    ${pageOf(
      whole(sql`(select distinct casino_id as id from page_starts)`, [
        sql`g.started_at >= (select min(started_at) from page_starts)`,
      ]),
    )}`;
}

export function createGameRoundsRepository() {
  return {
    /**
     * One page of the rounds that pass the filter (in the casinos asked for, or all) and the scope, after
     * the key: its summaries as the answer's JSON (the database writes it; nothing is parsed, checked and
     * written again for every field: decision 042), and where it ended when more follow.
     */
    async search(
      db: Db,
      casinoIds: readonly string[] | undefined,
      filter: RoundFilter,
      scope: Scope,
      after: RoundKey | undefined,
      limit: number,
    ): Promise<{ itemsJson: string; lastKey: RoundKey | undefined; more: boolean }> {
      const casinos = [...new Set(casinoIds ?? [])];
      const games = [...new Set(filter.gameIds ?? [])];
      const integrations = filter.integrationIds ?? [];
      const status = filter.status;
      const partly: Omit<SearchShape, 'onePass'> = {
        casinos: casinos.length,
        games: games.length,
        integrations: integrations.length,
        roundId: filter.roundId !== undefined,
        providerRoundId: filter.providerRoundId !== undefined,
        playerId: filter.playerId !== undefined,
        status: status === undefined ? 'any' : status === 'completed' ? 'completed' : 'rare',
        from: filter.from !== undefined,
        to: filter.to !== undefined,
        after: after !== undefined,
        scope: scopeShapeOf(scope),
      };
      const shape: SearchShape = { ...partly, onePass: onePass(partly) };
      const statement = statementOnce<PageRow>(db, `rounds ${JSON.stringify(shape)}`, () =>
        searchStatement(shape),
      );
      const rows = await statement.execute(
        valuesOf(
          {
            casino: casinos,
            game: games,
            integration: integrations,
            ...scopeLists(scope),
          },
          {
            roundId: filter.roundId,
            providerRoundId: filter.providerRoundId,
            playerId: filter.playerId,
            status: partly.status === 'rare' ? status : undefined,
            from: filter.from,
            to: filter.to,
            afterStartedAt: after?.startedAt,
            afterCasinoId: after?.casinoId,
            afterRoundId: after?.roundId,
            limit: limit + 1,
            pageSize: limit,
          },
        ),
      );
      const page = rows[0]!;
      const { last_started_key: startedAt, last_casino_id: casinoId, last_round_id: roundId } = page;
      return {
        itemsJson: page.items,
        lastKey: startedAt && casinoId && roundId ? { startedAt, casinoId, roundId } : undefined,
        more: page.more,
      };
    },

    /** The round of a casino with the id (the latest, should the platform have reused an id). */
    async find(
      db: Db,
      casinoId: string,
      roundId: string,
      scope: Scope,
    ): Promise<GameRoundDetail | undefined> {
      const scopeShape = scopeShapeOf(scope);
      const statement = statementOnce<DetailRow>(
        db,
        `round ${JSON.stringify(scopeShape)}`,
        () => sql`select
            ${summaryOf(sql`g`)}, g.voucher_code, g.funds_at_start, g.funds_at_end,
            g.displayed_outcome, g.real_money, g.bonus_money, g.voucher_money
          from game_rounds g
          where g.casino_id = ${placeholder('casinoId')} and g.round_id = ${placeholder('roundId')}
            and ${scopePlaceholders(scopeShape)}
          order by g.started_at desc
          limit 1`,
      );
      const rows = await statement.execute(valuesOf(scopeLists(scope), { casinoId, roundId }));
      const row = rows[0];
      if (!row) return undefined;
      const split = [row.real_money, row.bonus_money, row.voucher_money];
      return {
        ...toSummary(row),
        voucherCode: row.voucher_code,
        fundsAtStart: optionalMoney(row.funds_at_start),
        fundsAtEnd: optionalMoney(row.funds_at_end),
        displayedOutcome: row.displayed_outcome ?? null,
        moneySplit: split.every((part) => part === null)
          ? null
          : {
              real: money(row.real_money ?? 0),
              bonus: money(row.bonus_money ?? 0),
              voucher: money(row.voucher_money ?? 0),
            },
      };
    },
  };
}

export type GameRoundsRepository = ReturnType<typeof createGameRoundsRepository>;
