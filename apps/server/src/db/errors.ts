/** Recognises constraint violations of both drivers (Drizzle wraps them in `cause`). */
interface PgErrorFields {
  code?: string;
  constraint?: string;
}

function pgFields(error: unknown): PgErrorFields | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const candidate = e as PgErrorFields & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    e = candidate.cause;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const fields = pgFields(error);
  return fields?.code === '23505' && (constraint === undefined || fields.constraint === constraint);
}

export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  const fields = pgFields(error);
  return fields?.code === '23503' && (constraint === undefined || fields.constraint === constraint);
}

/** Node's socket errors and pg's own words for a connection that went away or never came. */
const LOST_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const LOST_CONNECTION_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
];

/**
 * Whether the error says the database connection was lost or could not be had — the server went away
 * (57P01–57P03), a connection exception (class 08), too many connections (53300), or a dead socket —
 * rather than that the statement itself was wrong. Such a request is answered 503 and can be retried.
 */
export function isConnectionLost(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const candidate = e as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (/^(08...|57P0[123]|53300)$/.test(code) || LOST_SOCKET_CODES.has(code)) return true;
    const message = typeof candidate.message === 'string' ? candidate.message : '';
    if (LOST_CONNECTION_MESSAGES.some((words) => message.includes(words))) return true;
    e = candidate.cause;
  }
  return false;
}
