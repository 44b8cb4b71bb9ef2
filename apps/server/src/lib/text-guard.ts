/**
 * One rule at the edge for every text the server accepts: PostgreSQL cannot store the NUL character, and
 * a lone UTF-16 surrogate has no UTF-8 form (the driver would silently store U+FFFD instead, a JSON text
 * handed on as it is would be refused). Such text is refused with a 400 before any handler sees it.
 */

/** NUL, a high surrogate without its low half, or a low surrogate without its high half. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * The path of the first string (value or object key) in `value` that cannot be stored, or undefined.
 * Walks without recursion, so deeply nested JSON cannot overflow the stack.
 */
export function findUnstorableText(value: unknown, root = ''): string | undefined {
  const pending: [unknown, string][] = [[value, root]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, path] = next;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path;
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--)
        pending.push([current[index], `${path}.${index}`]);
    } else if (current !== null && typeof current === 'object') {
      for (const key of Object.keys(current)) {
        if (!isStorableText(key)) return path;
        pending.push([(current as Record<string, unknown>)[key], `${path}.${key}`]);
      }
    }
  }
  return undefined;
}
