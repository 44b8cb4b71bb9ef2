/**
 * The answers of configuration reads, kept in this instance's memory until the configuration changes
 * (issue 16, decision 041). Staff open the same lists and records all day, and they change seldom: a
 * kept answer costs the server the session's check and one write to the socket, instead of its queries,
 * their parsing, the answer's check and its serialisation.
 *
 * Kept only where a route says so (`keptAnswer`): a read whose answer is the configuration alone, the
 * same for the same user, role, scope, language and URL while no configuration table changes. It is
 * correct because the database announces every such change, whoever makes it (migration 0020: every
 * table such an answer may read; 0011: users, their second factors, the global settings), and this
 * instance hears the announcements through the session cache's listener (`alsoHeard`):
 *
 * - a change of the configuration drops every kept answer (they are few, and changes are rare); a change
 *   of a user drops that user's;
 * - while the listening connection is down nothing is served from memory, and everything is dropped when
 *   it goes down and again when it comes back;
 * - an answer read while an announcement arrived is not kept: it may be older than the change;
 * - a request that changed the configuration answers only after every instance has heard it (the
 *   notice of 0020, `settle()` in plugins/access.ts): once the writer sees its answer, no instance serves
 *   what it replaced;
 * - nothing is kept longer than `maxAgeMs`, whatever happens.
 *
 * Every check before the handler still runs for a kept answer (session, permission, second factor,
 * the query's validation), and every hook after it (headers, the audit of refused scopes).
 *
 * A kept answer is compressed once per encoding a browser asks for, when first asked, and kept so too: a
 * browser's every later read costs no compression, and the kept copy may be compressed better than an
 * answer compressed while its request waits.
 */
import { negotiate } from '@fastify/accept-negotiator';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler } from 'fastify';
import type { ChannelListener } from '../db/client';
import type { Principal } from './access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer may be kept until the configuration changes (decision 041): a read of the configuration
     * alone, whose answer depends on nothing but the user, their role and scope, the language and the URL.
     */
    keptAnswer?: boolean;
  }
  interface FastifyRequest {
    /** A keepable answer being read: where it goes, and the announcements heard when it began. */
    keeping: { key: string; userId: string; generation: number } | null;
  }
}

/** The longest an answer is kept, announcements or not. */
const MAX_AGE_MS = 10_000;
/** Answers kept at most; the oldest go first. */
const MAX_ENTRIES = 2_000;
/** A larger answer is not kept: a few pages of a big list must not hold the memory. */
const MAX_ANSWER_CHARS = 256 * 1024;
/**
 * All answers kept together at most (characters of JSON, about as many bytes, with their compressed
 * copies); the oldest go first.
 */
const MAX_TOTAL_CHARS = 32 * 1024 * 1024;

/** The encodings a kept answer is sent in, besides none, in the order preferred when a browser takes both. */
export const KEPT_ENCODINGS = ['br', 'gzip'] as const;
export type KeptEncoding = (typeof KEPT_ENCODINGS)[number];

/**
 * Compressed once and sent many times: better than the fastest levels that answers compressed on every
 * request use (app.ts), and still well under a millisecond for a list of a few dozen records.
 */
export function compressKept(answer: string, encoding: KeptEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(answer, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: answer.length,
        },
      })
    : gzipSync(answer, { level: 6 });
}

/** A kept answer: as serialised, and compressed on demand. */
export interface HeldAnswer {
  readonly answer: string;
  /** Its size in bytes (UTF-8). */
  readonly bytes: number;
  /** The answer compressed, made when first asked for and kept with it while it is kept. */
  encoded(encoding: KeptEncoding): Buffer;
}

export interface AnswerCache extends ChannelListener {
  lookup(key: string): HeldAnswer | undefined;
  /** A counter of announcements: taken before the answer is read, given back to `remember`. */
  generation(): number;
  /** Keeps an answer unless an announcement arrived since `generation` or nothing is heard. */
  remember(key: string, userId: string, answer: string, generation: number): void;
}

interface Entry extends HeldAnswer {
  readonly key: string;
  readonly userId: string;
  readonly heldSince: number;
  /** Its compressed copies; the characters it holds, these included. */
  readonly copies: Partial<Record<KeptEncoding, Buffer>>;
  size: number;
}

export function createAnswerCache(
  options: {
    now?: () => number;
    maxAgeMs?: number;
    maxEntries?: number;
    maxTotalChars?: number;
    compress?: (answer: string, encoding: KeptEncoding) => Buffer;
  } = {},
): AnswerCache {
  const {
    now = Date.now,
    maxAgeMs = MAX_AGE_MS,
    maxEntries = MAX_ENTRIES,
    maxTotalChars = MAX_TOTAL_CHARS,
    compress = compressKept,
  } = options;
  const entries = new Map<string, Entry>();
  /** The keys held per user: a change of a user drops theirs without a scan. */
  const byUser = new Map<string, Set<string>>();
  let listening = false;
  let changes = 0;
  let totalChars = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalChars -= entry.size;
    const keys = byUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) byUser.delete(entry.userId);
  };
  const encoded = (entry: Entry, encoding: KeptEncoding) => {
    const made = entry.copies[encoding];
    if (made) return made;
    const copy = compress(entry.answer, encoding);
    // Kept with its answer unless that was dropped meanwhile (then it goes with this request alone).
    if (entries.get(entry.key) === entry) {
      entry.copies[encoding] = copy;
      entry.size += copy.length;
      totalChars += copy.length;
    }
    return copy;
  };
  const dropAll = () => {
    changes++;
    entries.clear();
    byUser.clear();
    totalChars = 0;
  };

  return {
    message(payload) {
      // A session's own change (its refresh, its end) changes no answer kept for its user.
      if (payload.startsWith('s:')) return;
      if (payload.startsWith('u:')) {
        changes++;
        for (const key of [...(byUser.get(payload.slice(2)) ?? [])]) drop(key);
        return;
      }
      dropAll();
    },
    up() {
      dropAll();
      listening = true;
    },
    down() {
      listening = false;
      dropAll();
    },
    lookup(key) {
      const entry = listening ? entries.get(key) : undefined;
      if (entry && now() - entry.heldSince <= maxAgeMs) return entry;
      // Too old (or nothing heard, and then nothing is held).
      if (entry) drop(key);
      return undefined;
    },
    generation: () => changes,
    remember(key, userId, answer, generation) {
      if (!listening || generation !== changes || answer.length > MAX_ANSWER_CHARS) return;
      drop(key);
      while (entries.size > 0 && (entries.size >= maxEntries || totalChars + answer.length > maxTotalChars)) {
        drop(entries.keys().next().value!);
      }
      const bytes = Buffer.byteLength(answer);
      const entry: Entry = {
        key,
        answer,
        bytes,
        userId,
        heldSince: now(),
        copies: {},
        size: answer.length,
        encoded: (encoding) => encoded(entry, encoding),
      };
      entries.set(key, entry);
      totalChars += answer.length;
      const keys = byUser.get(userId);
      if (keys) keys.add(key);
      else byUser.set(userId, new Set([key]));
    },
  };
}

/** Everything an answer may depend on besides the configuration: who asks, as what, in which language. */
function keyOf(request: FastifyRequest, principal: Principal): string {
  const { scope } = principal;
  const scoped = scope.unlimited ? '*' : `${scope.casinoIds.join(',')};${scope.integrationIds.join(',')}`;
  return `${principal.userId}\n${principal.role}\n${scoped}\n${request.language}\n${request.url}`;
}

/**
 * The encoding a kept answer goes out in, as @fastify/compress chooses for the others (app.ts): the best
 * the browser takes, `*` and `x-gzip` counting as gzip; none without `accept-encoding` or with
 * `x-no-compression`.
 */
export function keptEncodingFor(request: FastifyRequest): KeptEncoding | null {
  const header = request.headers['accept-encoding'];
  if (!header || request.headers['x-no-compression'] !== undefined) return null;
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...KEPT_ENCODINGS]);
}

/**
 * The two hooks: `serve` answers from memory (a preHandler, after every check of the request), `keep`
 * keeps a fresh answer as serialised (an onSend hook that must run before compression's). Kept answers
 * of `compressAbove` bytes or more go out compressed when the browser takes it, as fresh ones do.
 */
export function keptAnswerHooks(cache: AnswerCache, { compressAbove }: { compressAbove: number }) {
  return {
    async serve(request: FastifyRequest, reply: FastifyReply) {
      const principal = request.principal;
      if (!request.routeOptions.config?.keptAnswer || request.method !== 'GET' || !principal) return;
      const key = keyOf(request, principal);
      const held = cache.lookup(key);
      if (held !== undefined) {
        reply.type('application/json; charset=utf-8');
        const encoding = held.bytes >= compressAbove ? keptEncodingFor(request) : null;
        if (!encoding) return reply.send(held.answer);
        // Sent as it is: compression's own hook leaves an answer that already has an encoding.
        return reply
          .header('vary', 'accept-encoding')
          .header('content-encoding', encoding)
          .send(held.encoded(encoding));
      }
      request.keeping = { key, userId: principal.userId, generation: cache.generation() };
    },
    keep: (async (request, reply, payload) => {
      const keeping = request.keeping;
      if (keeping && reply.statusCode === 200 && typeof payload === 'string') {
        cache.remember(keeping.key, keeping.userId, payload, keeping.generation);
      }
      return payload;
    }) satisfies onSendAsyncHookHandler,
  };
}
