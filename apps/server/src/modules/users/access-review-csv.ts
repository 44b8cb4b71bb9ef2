/**
 * The periodic access review (GLI-19 §B.2.3): every user with role, status, scope and the record dates of
 * §2.8.9, as CSV in the player export's format (RFC 4180, formula-guarded, CRLF).
 */
import { Readable } from 'node:stream';
import { accessReviewCsvColumns, type User } from '@backoffice/contracts';
import { csvLine } from '../reports/player-csv';

export function accessReviewFileName(now: Date): string {
  return `access-review-${now.toISOString().slice(0, 10)}.csv`;
}

/** Admins are never limited; anyone else sees the ids listed, or nothing at all. */
function scopeSummary(user: User, ids: string[]): string {
  if (user.role === 'admin') return 'all';
  return ids.length > 0 ? ids.join(' ') : 'none';
}

export function accessReviewLine(user: User & { secondFactor: boolean }): string {
  return csvLine([
    user.username,
    user.email,
    user.firstName,
    user.lastName,
    user.role,
    user.active ? 'active' : 'inactive',
    scopeSummary(user, user.casinoIds),
    scopeSummary(user, user.integrationIds),
    user.secondFactor ? 'yes' : 'no',
    user.createdAt,
    user.lastSignInAt,
    user.lastSignInAddress,
    user.passwordChangedAt,
    user.secondFactorChangedAt,
    user.deactivatedAt,
  ]);
}

/** The file as a stream of lines; a back office has hundreds of users, not millions, so one query reads them. */
export function accessReviewCsv(rows: (User & { secondFactor: boolean })[]): Readable {
  function* lines(): Generator<string> {
    yield csvLine(accessReviewCsvColumns);
    for (const row of rows) yield accessReviewLine(row);
  }
  return Readable.from(lines(), { objectMode: false });
}
