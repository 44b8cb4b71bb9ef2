/** Players and their savegames for player support, limited to the reader's scope (casino OR integration). */
import type { PlayerSavegame, PlayerSearchQuery } from '@backoffice/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Scope } from '../../lib/scope';
import { likePattern, rowsOf } from '../../lib/sql';
import { platformScopeCondition } from '../reports/rollup-source';

/** A player row with instants as ISO text, as the contract answers them. */
export interface PlayerRow {
  casinoId: string;
  playerId: string;
  integrationId: string;
  nickName: string | null;
  language: string | null;
  country: string | null;
  jurisdiction: string | null;
  registeredAt: string | null;
  createdAt: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  city: string | null;
  dateOfBirth: string | null;
  gender: string | null;
}

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const playerColumns = sql`casino_id as "casinoId", player_id as "playerId", integration_id as "integrationId",
  nick_name as "nickName", language, country, jurisdiction, ${iso('registered_at')} as "registeredAt",
  ${iso('created_at')} as "createdAt", email, first_name as "firstName", last_name as "lastName", city,
  date_of_birth::text as "dateOfBirth", gender`;

function inScope(scope: Scope): SQL {
  return platformScopeCondition(scope) ?? sql`true`;
}

export function createPlayersRepository() {
  return {
    /** Up to `limit` players matching the search, by casino and player id. */
    async search(
      db: Db,
      query: PlayerSearchQuery,
      options: { scope: Scope; personalData: boolean; limit: number },
    ): Promise<PlayerRow[]> {
      const conditions: SQL[] = [inScope(options.scope)];
      if (query.casinoId) conditions.push(sql`casino_id = ${query.casinoId}`);
      if (query.playerId) conditions.push(sql`player_id = ${query.playerId}`);
      if (query.q) {
        const pattern = likePattern(query.q);
        // Who may not see personal data may not find players by it either.
        conditions.push(
          options.personalData
            ? sql`(nick_name ilike ${pattern} or email ilike ${pattern}
                or (coalesce(first_name, '') || ' ' || coalesce(last_name, '')) ilike ${pattern})`
            : sql`nick_name ilike ${pattern}`,
        );
      }
      return rowsOf<PlayerRow>(
        await db.execute(sql`select ${playerColumns} from players
          where ${sql.join(conditions, sql` and `)}
          order by casino_id, player_id limit ${options.limit}`),
      );
    },

    async find(db: Db, casinoId: string, playerId: string, scope: Scope): Promise<PlayerRow | undefined> {
      const [row] = rowsOf<PlayerRow>(
        await db.execute(sql`select ${playerColumns} from players
          where casino_id = ${casinoId} and player_id = ${playerId} and ${inScope(scope)}`),
      );
      return row;
    },

    /** The player's savegames, by game. */
    async savegames(db: Db, casinoId: string, playerId: string): Promise<PlayerSavegame[]> {
      return rowsOf<PlayerSavegame>(
        await db.execute(sql`select game_id as "gameId", ${iso('saved_at')} as "savedAt",
          ${iso('updated_at')} as "updatedAt", state is not null as restorable
          from savegames where casino_id = ${casinoId} and player_id = ${playerId} order by game_id`),
      );
    },
  };
}
