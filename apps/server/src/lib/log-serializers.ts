/**
 * How errors appear in the logs: kind, message, code and stack, and the same of their causes — never the
 * data a failed statement carried. Drizzle puts a failed query's parameters into its error (and into its
 * message): for an ingest batch those are players' e-mails and names, for a configuration write the
 * values typed in. Logs say what failed and where, not about whom.
 */

/** The fields of a database error that name what went wrong without quoting data. */
const SAFE_FIELDS = [
  'code',
  'constraint',
  'table',
  'column',
  'schema',
  'routine',
  'statusCode',
  'validationContext',
];

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

export function serializeError(error: Error, depth = 0): LoggedError {
  const source = error as Error & Record<string, unknown>;
  let message = String(error.message);
  let stack = String(error.stack ?? '');
  if (typeof source.query === 'string' && 'params' in source) {
    // "Failed query: <text>\nparams: <values>": keep the statement, drop its values.
    message = `Failed query: ${source.query}`;
    stack = stack.replace(/^[\s\S]*?\n(\s+at )/, `${error.name}: ${message}\n$1`);
  }
  const logged: LoggedError = { type: error.name, message, stack };
  for (const field of SAFE_FIELDS) if (source[field] !== undefined) logged[field] = source[field];
  const cause = error.cause;
  if (cause !== undefined && depth < 4)
    logged.cause = cause instanceof Error ? serializeError(cause, depth + 1) : { type: typeof cause };
  return logged;
}

/** Logger serializers of the server (pino): `err` as above. */
export const logSerializers = { err: serializeError };
