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

/**
 * A value starting like a spreadsheet formula (=, +, -, @, tab, carriage return) gets an apostrophe, as
 * `csvField` in player-csv.ts does. The first character's code: no substring per field, which made the
 * guard half of what the export costs the database.
 */
const formulaGuardSql = (value: string) =>
  `(case when ascii(${value}) in (61, 43, 45, 64, 9, 13) then '''' || ${value} else ${value} end)`;

/** Formatted dates and instants start with a digit: no formula to guard against. */
const formatted = new Set<(typeof playerCsvColumns)[number]>(['dateOfBirth', 'registeredAt', 'createdAt']);

/** The guarded text of every column, in the CSV's order. */
export const guardedPlayerColumnsSql: string[] = playerCsvColumns.map((column) =>
  formatted.has(column) ? playerCsvSources[column] : formulaGuardSql(playerCsvSources[column]),
);
