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
