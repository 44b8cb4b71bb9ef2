/**
 * Ingest of the game platform's data (architecture §3): players, game rounds and savegames in batches of
 * one integration. A batch is written whole in one transaction or not at all; re-sending it changes
 * nothing; a round update is applied only when it moves the round forward; the rollups change in the same
 * transaction by exactly what the rounds added and replaced.
 */
import {
  errorMessage,
  isFinalStatus,
  type ErrorCode,
  type IngestResult,
  type Language,
  type PlatformPlayer,
  type PlatformRound,
  type PlatformSavegame,
  type Persistence,
} from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordIngestedRounds } from '../../lib/metrics';
import { isoMs, rowsOf } from '../../lib/sql';
import {
  applyContributions,
  lockRatesShared,
  RollupChanges,
  type RoundContribution,
  type RoundState,
} from './rollups';
import { ensurePartitions } from './partitions';
import { historyAppended } from './round-history';

const EARLIEST_START = Date.parse('2000-01-01T00:00:00Z');
const DAY_MS = 86_400_000;
/** Concurrent batches may deadlock or fail to serialise: the loser runs again. */
const MAX_ATTEMPTS = 5;
const RETRYABLE = new Set(['40001', '40P01']);

type ItemProblem = { index: number; field: string; code: ErrorCode };

/** What the integration keeps (spec §3): its persistence settings and where retention removed rounds. */
interface Retention {
  persistence: Persistence | null;
  /** Rounds started before this instant (ms) and no longer stored were removed by retention. */
  removedBefore: number | null;
}

function refuse(kind: string, problems: ItemProblem[], language: Language): never {
  throw new AppError(
    'VALIDATION_FAILED',
    problems.map((problem) => ({
      path: `body.${kind}.${problem.index}.${problem.field}`,
      message: errorMessage(problem.code, language),
    })),
  );
}

const UNIQUE_VIOLATION = '23505';
const INVALID_TEXT = '22P02';

/** The SQLSTATE of a database error (drizzle wraps the driver's error as its cause). */
function errorCodeOf(error: unknown): string | undefined {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } }).code ??
    (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === 'string' ? code : undefined;
}

function isRetryable(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code !== undefined && RETRYABLE.has(code);
}

async function withRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
    }
  }
}

/** An instant as ISO UTC with milliseconds (most arrive so already, and are taken as they are). */
const ISO_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const isoInstant = (instant: string) =>
  instant.length === 24 && ISO_MILLIS.test(instant) ? instant : new Date(instant).toISOString();

/** A batch of rounds ready to be written. */
interface RoundsBatch {
  integrationId: string;
  /** One state per round (its latest in the batch), with the index it had in the request. */
  latest: Map<string, { round: PlatformRound; index: number }>;
  /** The rounds of `latest`, in order… */
  rounds: PlatformRound[];
  /** …and as JSON. */
  json: string;
  /** What the rounds add to the rollups if all are new; these rows name every day and currency they touch. */
  incoming: RoundContribution[];
  language: Language;
  /** The integration keeps round details (saveGameRoundDetails); without, they are not stored. */
  details: boolean;
}

/** The round as stored: what the rollups need of an earlier state, and its immutable fields. */
interface StoredRound extends RoundState {
  roundId: string;
  integrationId: string;
  playerId: string;
  updatedAt: string;
  /** Support is closing (or closed) the round: the platform's reports no longer change it. */
  held: boolean;
}

/** A round's key; `startedAt` as ISO UTC with milliseconds (rounds are normalised on arrival, and read so). */
const roundKey = (round: { casinoId: string; roundId: string; startedAt: string }) =>
  `${round.casinoId}\u0000${round.roundId}\u0000${round.startedAt}`;

/** Whether `next` is a later state of a round that is still open: final rounds never change again. */
export function movesForward(
  stored: { status: PlatformRound['status']; updatedAt: string },
  next: { status: PlatformRound['status']; updatedAt: string },
): boolean {
  if (isFinalStatus(stored.status)) return false;
  if (isFinalStatus(next.status)) return true;
  return Date.parse(next.updatedAt) > Date.parse(stored.updatedAt);
}

export function createIngestService(db: Db) {
  /**
   * Most batches hold only new rounds: they go in with a plain insert, which costs less than inserting only
   * what is new; a known round makes it fail as a whole, and the batch is written again the careful way
   * (insert what is new, update what moves forward). An integration whose last batch held known rounds is
   * written the careful way straight away, so that traffic of mixed batches doesn't pay for failed inserts.
   */
  const lastBatchAllNew = new Map<string, boolean>();

  async function writeBatch(batch: RoundsBatch) {
    let written: { inserted: number; updated: number } | undefined;
    if (lastBatchAllNew.get(batch.integrationId) !== false) {
      try {
        written = await withRetries(() => writeRounds(batch, true));
      } catch (error) {
        if (errorCodeOf(error) !== UNIQUE_VIOLATION) throw error;
      }
    }
    written ??= await withRetries(() => writeRounds(batch, false));
    lastBatchAllNew.set(batch.integrationId, written.inserted === batch.latest.size);
    return written;
  }

  /**
   * Casinos of the batch that are not bound to the integration, and games that don't exist; with the
   * integration's persistence settings and retention mark (in the same round trip).
   */
  async function unknownReferences(integrationId: string, casinoIds: string[], gameIds: string[]) {
    const [found] = rowsOf<{
      casinos: string[];
      games: string[];
      persistence: Persistence | null;
      removed_before: string | null;
    }>(
      await db.execute(sql`
        select
          array(select casino_id from integration_casinos where integration_id = ${integrationId}
            and casino_id in (select json_array_elements_text(${JSON.stringify(casinoIds)}::json))) as casinos,
          array(select game_id from games
            where game_id in (select json_array_elements_text(${JSON.stringify(gameIds)}::json))) as games,
          (select persistence from integrations where id = ${integrationId}) as persistence,
          (select ${isoMs('m.rounds_removed_before')} from retention_marks m
            where m.integration_id = ${integrationId}) as removed_before`),
    );
    const knownCasinos = new Set(found?.casinos ?? []);
    const knownGames = new Set(found?.games ?? []);
    return {
      casino: (id: string) => !knownCasinos.has(id),
      game: (id: string) => !knownGames.has(id),
      retention: {
        persistence: found?.persistence ?? null,
        removedBefore: found?.removed_before ? Date.parse(found.removed_before) : null,
      },
    };
  }

  async function checkReferences<Item extends { casinoId: string; gameId?: string }>(
    kind: string,
    integrationId: string,
    items: readonly Item[],
    language: Language,
    extra: (item: Item, index: number) => ItemProblem[] = () => [],
  ): Promise<Retention> {
    const casinoIds = [...new Set(items.map((item) => item.casinoId))];
    const gameIds = [...new Set(items.flatMap((item) => (item.gameId === undefined ? [] : [item.gameId])))];
    const unknown = await unknownReferences(integrationId, casinoIds, gameIds);
    const problems: ItemProblem[] = [];
    items.forEach((item, index) => {
      if (unknown.casino(item.casinoId))
        problems.push({ index, field: 'casinoId', code: 'PLATFORM_UNKNOWN_CASINO' });
      if (item.gameId !== undefined && unknown.game(item.gameId)) {
        problems.push({ index, field: 'gameId', code: 'PLATFORM_UNKNOWN_GAME' });
      }
      problems.push(...extra(item, index));
    });
    if (problems.length > 0) refuse(kind, problems, language);
    return unknown.retention;
  }

  /**
   * The rounds of the batch that retention removed (started before the integration's mark and no longer
   * stored): the platform sending one again must not count it twice, so it is left out.
   */
  async function removedByRetention(rounds: PlatformRound[], removedBefore: number | null) {
    const early = removedBefore === null ? [] : rounds.filter((r) => Date.parse(r.startedAt) < removedBefore);
    if (early.length === 0) return new Set<string>();
    const keys = JSON.stringify(
      early.map((round) => ({ c: round.casinoId, r: round.roundId, s: round.startedAt })),
    );
    const stored = rowsOf<{ casino_id: string; round_id: string; started_at: string }>(
      await db.execute(sql`select g.casino_id, g.round_id, ${isoMs('g.started_at')} as started_at
        from game_rounds g join json_to_recordset(${keys}::json) as k(c text, r text, s timestamptz)
          on g.casino_id = k.c and g.round_id = k.r and g.started_at = k.s
        where g.started_at < ${new Date(removedBefore!).toISOString()}::timestamptz`),
    );
    const kept = new Set(
      stored.map((row) =>
        roundKey({ casinoId: row.casino_id, roundId: row.round_id, startedAt: row.started_at }),
      ),
    );
    return new Set(early.map(roundKey).filter((key) => !kept.has(key)));
  }

  /**
   * Writes a batch in one transaction. `allNew` expects only new rounds: a plain insert, which fails with a
   * unique violation when a round is known.
   */
  async function writeRounds(batch: RoundsBatch, allNew: boolean) {
    const { integrationId, latest, rounds, incoming, language } = batch;
    const indexOf = (round: PlatformRound) => latest.get(roundKey(round))?.index ?? 0;
    return db.transaction(async (tx) => {
      await lockRatesShared(tx, incoming);
      if (allNew) {
        await tx.execute(sql`
          insert into game_rounds (casino_id, round_id, started_at, integration_id, ${roundFields})
          select r."casinoId", r."roundId", r."startedAt", ${integrationId}, ${roundValues('r', batch.details)}
          from json_to_recordset(${batch.json}::json) as r(${roundColumns})
          order by r."casinoId", r."roundId", r."startedAt"`);
        await applyContributions(tx, incoming);
        return { inserted: rounds.length, updated: 0 };
      }

      // New rounds go in first, in key order; a round that exists (or that a concurrent batch is inserting:
      // the insert waits for it) is left for the update below.
      // The answer lists only the rounds that were not inserted (none, for a batch of new rounds).
      const skipped = rowsOf<{ i: number }>(
        await tx.execute(sql`
          with batch as (
            select * from rows from (json_to_recordset(${batch.json}::json) as (${roundColumns}))
              with ordinality as r
          ), added as (
            insert into game_rounds (casino_id, round_id, started_at, integration_id, ${roundFields})
            select r."casinoId", r."roundId", r."startedAt", ${integrationId}, ${roundValues('r', batch.details)}
            from batch r
            order by r."casinoId", r."roundId", r."startedAt"
            on conflict do nothing
            returning casino_id, round_id, started_at
          )
          select (b.ordinality - 1)::int as i from batch b
          where not exists (select 1 from added a where a.casino_id = b."casinoId" and a.round_id = b."roundId"
            and a.started_at = b."startedAt")`),
      );
      if (skipped.length === 0) {
        await applyContributions(tx, incoming);
        return { inserted: rounds.length, updated: 0 };
      }
      // A new round adds its state; a known one replaces what its stored state contributed (below).
      const isKnown = new Set(skipped.map((row) => row.i));
      const changes = new RollupChanges();
      const known: PlatformRound[] = [];
      rounds.forEach((round, index) => {
        if (isKnown.has(index)) known.push(round);
        else changes.add(round, integrationId);
      });
      const starts = known.map((round) => Date.parse(round.startedAt));
      const keys = JSON.stringify(
        known.map((round) => ({
          casino_id: round.casinoId,
          round_id: round.roundId,
          started_at: round.startedAt,
        })),
      );
      const stored = rowsOf<StoredRound>(
        await tx.execute(sql`
          select g.casino_id as "casinoId", g.round_id as "roundId",
            to_char(g.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "startedAt",
            g.integration_id as "integrationId", g.player_id as "playerId", g.game_id as "gameId",
            g.currency, g.status, g.debit::float8 as debit, g.credit::float8 as credit,
            g.bet_returned as "betReturned", g.closure_id is not null as held,
            to_char(g.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "updatedAt"
          from game_rounds g
          join json_to_recordset(${keys}::json) as k(casino_id text, round_id text, started_at timestamptz)
            on g.casino_id = k.casino_id and g.round_id = k.round_id and g.started_at = k.started_at
          where g.started_at between ${new Date(Math.min(...starts)).toISOString()}::timestamptz
            and ${new Date(Math.max(...starts)).toISOString()}::timestamptz
          order by g.casino_id, g.round_id, g.started_at
          for update of g`),
      );
      const storedByKey = new Map(stored.map((row) => [roundKey(row), row]));
      const problems: ItemProblem[] = [];
      const updates: PlatformRound[] = [];
      for (const round of known) {
        const before = storedByKey.get(roundKey(round));
        // The insert found it; only retention removes rounds (final ones, before its mark), and a round it
        // removed in between is left out like one it removed before.
        if (!before) continue;
        const changed = (['playerId', 'gameId', 'currency'] as const).find(
          (field) => before[field] !== round[field],
        );
        if (changed || before.integrationId !== integrationId) {
          problems.push({
            index: indexOf(round),
            field: changed ?? 'casinoId',
            code: 'ROUND_FIELD_IMMUTABLE',
          });
          continue;
        }
        // A round that support is closing waits for that close (which locks it the same way); the
        // platform learns of the close from its support feed.
        if (before.held || !movesForward(before, round)) continue;
        updates.push(round);
        changes.add(before, integrationId, -1).add(round, integrationId);
      }
      if (problems.length > 0) refuse('rounds', problems, language);
      if (updates.length > 0) {
        const updateStarts = updates.map((round) => Date.parse(round.startedAt));
        await tx.execute(sql`
          update game_rounds g set (${roundFields}, received_at, history) = (${roundValues('r', batch.details)}, now(),
            ${historyAppended()})
          from json_to_recordset(${JSON.stringify(updates)}::json) as r(${roundColumns})
          where g.casino_id = r."casinoId" and g.round_id = r."roundId" and g.started_at = r."startedAt"
            and g.started_at between ${new Date(Math.min(...updateStarts)).toISOString()}::timestamptz
              and ${new Date(Math.max(...updateStarts)).toISOString()}::timestamptz`);
      }
      await applyContributions(tx, changes.rows());
      return { inserted: rounds.length - known.length, updated: updates.length };
    });
  }

  return {
    /**
     * `receivedJson`, when given, is the JSON text of exactly these rounds as they arrived: when the rounds
     * need no normalising, it goes to the database as it is instead of being written out again.
     */
    async ingestRounds(
      integrationId: string,
      received: PlatformRound[],
      language: Language = 'en',
      receivedJson?: string,
    ): Promise<IngestResult> {
      const now = Date.now();
      // Times are kept to the millisecond, so that a round's key reads back exactly as it was sent.
      const rounds = received.map((round) => {
        const startedAt = isoInstant(round.startedAt);
        const updatedAt = isoInstant(round.updatedAt);
        return startedAt === round.startedAt && updatedAt === round.updatedAt
          ? round
          : { ...round, startedAt, updatedAt };
      });
      const retention = await checkReferences('rounds', integrationId, rounds, language, (round, index) => {
        const start = Date.parse(round.startedAt);
        return start < EARLIEST_START || start > now + DAY_MS
          ? [{ index, field: 'startedAt', code: 'ROUND_START_OUT_OF_RANGE' }]
          : [];
      });
      const removed = await removedByRetention(rounds, retention.removedBefore);
      // The same round twice in a batch (e.g. opened and completed): its states apply in order.
      const latest = new Map<string, { round: PlatformRound; index: number }>();
      rounds.forEach((round, index) => {
        const key = roundKey(round);
        if (removed.has(key)) return;
        const earlier = latest.get(key);
        if (!earlier || movesForward(earlier.round, round)) latest.set(key, { round, index });
      });
      await ensurePartitions(
        db,
        rounds.map((round) => round.startedAt),
      );
      // As sent, the text lists the same rounds in the same order (the answer's indexes refer to it).
      const asSent =
        latest.size === rounds.length && rounds.every((round, index) => round === received[index]);
      const states = [...latest.values()].map((entry) => entry.round);
      const incoming = new RollupChanges();
      for (const round of states) incoming.add(round, integrationId);
      const sentText = asSent ? receivedJson : undefined;
      const batch: RoundsBatch = {
        integrationId,
        latest,
        rounds: states,
        json: sentText ?? JSON.stringify(states),
        incoming: incoming.rows(),
        language,
        details: retention.persistence?.saveGameRoundDetails ?? true,
      };
      let written: { inserted: number; updated: number };
      try {
        written = await writeBatch(batch);
      } catch (error) {
        // The database reads amounts as whole numbers: one sent as, say, 1.0 or 1e2 (the same number to the
        // check) makes it refuse the text as sent, and the batch goes again written out.
        if (sentText === undefined || errorCodeOf(error) !== INVALID_TEXT) throw error;
        written = await writeBatch({ ...batch, json: JSON.stringify(states) });
      }
      const { inserted, updated } = written;
      const result = { inserted, updated, unchanged: rounds.length - inserted - updated };
      recordIngestedRounds(result);
      return { received: rounds.length, ...result };
    },

    async ingestPlayers(
      integrationId: string,
      players: PlatformPlayer[],
      language: Language = 'en',
    ): Promise<IngestResult> {
      const { persistence } = await checkReferences('players', integrationId, players, language);
      // Without persistPlayer, only what identifies nobody is kept: the ids, language, country,
      // jurisdiction and registration (support still finds the player's rounds by id).
      const personal = persistence?.persistPlayer ?? true;
      const kept = <Value>(value: Value | undefined) => (personal ? (value ?? null) : null);
      // The last item of a player in a batch wins.
      const latest = new Map(players.map((player) => [`${player.casinoId}\u0000${player.playerId}`, player]));
      const rows = JSON.stringify(
        [...latest.values()].map((player) => ({
          casino_id: player.casinoId,
          player_id: player.playerId,
          integration_id: integrationId,
          language: player.language ?? null,
          country: player.country ?? null,
          email: kept(player.email),
          jurisdiction: player.jurisdiction ?? null,
          first_name: kept(player.firstName),
          last_name: kept(player.lastName),
          nick_name: kept(player.nickName),
          city: kept(player.city),
          date_of_birth: kept(player.dateOfBirth),
          gender: kept(player.gender),
          registered_at: player.registeredAt ?? null,
        })),
      );
      const columns = sql.raw(playerColumns.join(', '));
      const written = await withRetries(() =>
        db.transaction(async (tx) =>
          rowsOf<{ inserted: boolean }>(
            await tx.execute(sql`
              insert into players as p (casino_id, player_id, ${columns})
              select casino_id, player_id, ${columns}
              from json_to_recordset(${rows}::json) as r(casino_id text, player_id text, integration_id text,
                language text, country text, email text, jurisdiction text, first_name text, last_name text,
                nick_name text, city text, date_of_birth date, gender text, registered_at timestamptz)
              order by casino_id, player_id
              on conflict (casino_id, player_id) do update set
                (${columns}, updated_at) = (${playerColumnsOf('excluded')}, now())
              where (${playerColumnsOf('p')}) is distinct from (${playerColumnsOf('excluded')})
              returning (xmax = 0) as inserted`),
          ),
        ),
      );
      return resultOf(players.length, written);
    },

    async ingestSavegames(
      integrationId: string,
      savegames: PlatformSavegame[],
      language: Language = 'en',
    ): Promise<IngestResult> {
      await checkReferences('savegames', integrationId, savegames, language);
      const latest = new Map<string, PlatformSavegame>();
      for (const savegame of savegames) {
        const key = `${savegame.casinoId}\u0000${savegame.playerId}\u0000${savegame.gameId}`;
        const earlier = latest.get(key);
        if (!earlier || Date.parse(savegame.savedAt) > Date.parse(earlier.savedAt)) latest.set(key, savegame);
      }
      const rows = JSON.stringify(
        [...latest.values()].map((savegame) => ({
          casino_id: savegame.casinoId,
          player_id: savegame.playerId,
          game_id: savegame.gameId,
          integration_id: integrationId,
          saved_at: savegame.savedAt,
          state: savegame.state ?? null,
          data: savegame.data ?? null,
        })),
      );
      const written = await withRetries(() =>
        db.transaction(async (tx) =>
          rowsOf<{ inserted: boolean }>(
            await tx.execute(sql`
              insert into savegames as s (casino_id, player_id, game_id, integration_id, saved_at, state, data)
              select casino_id, player_id, game_id, integration_id, saved_at, state, data
              from json_to_recordset(${rows}::json) as r(casino_id text, player_id text, game_id text,
                integration_id text, saved_at timestamptz, state jsonb, data jsonb)
              order by casino_id, player_id, game_id
              on conflict (casino_id, player_id, game_id) do update set
                integration_id = excluded.integration_id, saved_at = excluded.saved_at, state = excluded.state,
                data = excluded.data, updated_at = now()
              where excluded.saved_at > s.saved_at
              returning (xmax = 0) as inserted`),
          ),
        ),
      );
      return resultOf(savegames.length, written);
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;

const playerColumns = [
  'integration_id',
  'language',
  'country',
  'email',
  'jurisdiction',
  'first_name',
  'last_name',
  'nick_name',
  'city',
  'date_of_birth',
  'gender',
  'registered_at',
];
const playerColumnsOf = (alias: string) =>
  sql.raw(playerColumns.map((name) => `${alias}.${name}`).join(', '));

/** What an upsert batch did, from the rows it wrote (`xmax = 0`: inserted, else updated). */
function resultOf(received: number, written: { inserted: boolean }[]): IngestResult {
  const inserted = written.filter((row) => row.inserted).length;
  const updated = written.length - inserted;
  return { received, inserted, updated, unchanged: received - inserted - updated };
}

/** A batch of rounds as JSON records: the rounds as they arrived (validated), under their API names. */
const roundColumns =
  sql.raw(`"casinoId" text, "roundId" text, "startedAt" timestamptz, "providerRoundId" text,
  "playerId" text, "gameId" text, "updatedAt" timestamptz, status text, currency text, debit bigint,
  credit bigint, "totalWin" bigint, "voucherCode" text, "fundsAtStart" bigint, "fundsAtEnd" bigint,
  "displayedOutcome" jsonb, "moneySplit" json`);

/** The columns of game_rounds that a round's report sets (all but its key and integration)… */
const roundFields =
  sql.raw(`provider_round_id, player_id, game_id, updated_at, status, currency, debit, credit,
  total_win, voucher_code, funds_at_start, funds_at_end, displayed_outcome, real_money, bonus_money,
  voucher_money`);
/**
 * …and their values from a record `alias` of `roundColumns`; without `details` (the integration does not
 * save round details), the displayed outcome, the funds and the money split are not stored.
 */
const roundValues = (alias: string, details: boolean) =>
  sql.raw(
    [
      `${alias}."providerRoundId"`,
      `${alias}."playerId"`,
      `${alias}."gameId"`,
      `${alias}."updatedAt"`,
      `${alias}.status`,
      `${alias}.currency`,
      `${alias}.debit`,
      `${alias}.credit`,
      `${alias}."totalWin"`,
      `${alias}."voucherCode"`,
      ...(details
        ? [
            `${alias}."fundsAtStart"`,
            `${alias}."fundsAtEnd"`,
            `${alias}."displayedOutcome"`,
            ...['real', 'bonus', 'voucher'].map((part) => `(${alias}."moneySplit"->>'${part}')::bigint`),
          ]
        : ['null', 'null', 'null', 'null', 'null', 'null']),
    ].join(', '),
  );
