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

/** Node's socket errors: a sign of a lost database only when a database call raised them. */
const LOST_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** pg's own words for a connection that went away or could not be had. */
const LOST_CONNECTION_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
];

const FROM_DATABASE = Symbol('raised by a database call');

/** Marks an error as raised by a database call (a failed checkout of a connection, say). */
export function fromDatabase<E>(error: E): E {
  if (error && typeof error === 'object') Object.defineProperty(error, FROM_DATABASE, { value: true });
  return error;
}

/**
 * Whether the error says the database connection was lost or could not be had — the server went away
 * (57P01–57P03), a connection exception (class 08), too many connections (53300), pg's words for a dead
 * connection, or a socket error raised by a database call (Drizzle's failed query, a failed checkout) —
 * rather than that the statement itself was wrong. Such a request is answered 503 and can be retried. A
 * socket error of another call (an identity issuer, say) is not the database's.
 */
export function isConnectionLost(error: unknown): boolean {
  let database = false;
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const candidate = e as { code?: unknown; message?: unknown; cause?: unknown; query?: unknown };
    database ||= typeof candidate.query === 'string' || FROM_DATABASE in candidate;
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (/^(08...|57P0[123]|53300)$/.test(code) || (database && LOST_SOCKET_CODES.has(code))) return true;
    const message = typeof candidate.message === 'string' ? candidate.message : '';
    if (LOST_CONNECTION_MESSAGES.some((words) => message.includes(words))) return true;
    e = candidate.cause;
  }
  return false;
}
