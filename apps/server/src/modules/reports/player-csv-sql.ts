/**
 * The player CSV's columns in SQL, shared by both ways of producing the file (PostgreSQL's COPY, and keyset
 * pages formatted by the database on PGlite): what each column reads, and the formula guard.
 */
import { playerCsvColumns } from '@backoffice/contracts';

/** What each column reads, as text: dates as yyyy-MM-dd, instants as ISO UTC with milliseconds. */
const playerCsvSources: Record<(typeof playerCsvColumns)[number], string> = {
  integrationId: 'integration_id',
  casinoId: 'casino_id',
  playerId: 'player_id',
  language: 'language',
  country: 'country',
  email: 'email',
  jurisdiction: 'jurisdiction',
  firstName: 'first_name',
  lastName: 'last_name',
  nickName: 'nick_name',
  city: 'city',
  dateOfBirth: `to_char(date_of_birth, 'YYYY-MM-DD')`,
  gender: 'gender',
  registeredAt: `to_char(registered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  createdAt: `to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

/** A value starting like a spreadsheet formula gets an apostrophe, as `csvField` in player-csv.ts does. */
const formulaGuardSql = (value: string) =>
  `(case when left(${value}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r') then '''' || ${value} else ${value} end)`;

/** The guarded text of every column, in the CSV's order. */
export const guardedPlayerColumnsSql: string[] = playerCsvColumns.map((column) =>
  formulaGuardSql(playerCsvSources[column]),
);
