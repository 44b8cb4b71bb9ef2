/**
 * The game platform's side of the support feed (docs/platform-api.md, "Support actions feed"): read the
 * integration's unacknowledged support actions, apply them in order to the platform's own view, then
 * acknowledge the last one applied. Delivery is at least once: an action comes again until acknowledged,
 * so the acknowledgement follows the applying, and applying twice is harmless (platform-view.ts).
 */
import {
  PLATFORM_API_PREFIX,
  SUPPORT_FEED_PAGE_SIZE,
  supportFeedSchema,
  type SupportFeed,
} from '@backoffice/contracts';
import { describeAction, type PlatformView } from './platform-view';

export class SupportFeedError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface SupportFeedClientOptions {
  /** Origin of the back office, e.g. http://localhost:3000. */
  url: string;
  /** An API key of the integration whose feed this is. */
  key: string;
  /** For tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  /** A call without an answer after this long fails (default 10,000 ms). */
  timeoutMs?: number;
}

/** The two calls of the feed. Errors are SupportFeedErrors with the HTTP status when there was an answer. */
export class SupportFeedClient {
  readonly #base: string;
  readonly #key: string;
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number;

  constructor(options: SupportFeedClientOptions) {
    this.#base = new URL(`${PLATFORM_API_PREFIX}/support-actions`, options.url).toString();
    this.#key = options.key;
    this.#fetch = options.fetch ?? fetch;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** The unacknowledged actions, oldest first (at most `limit`), and the last position acknowledged. */
  async read(limit = SUPPORT_FEED_PAGE_SIZE): Promise<SupportFeed> {
    const body = await this.#call('GET', `${this.#base}?limit=${limit}`);
    const parsed = supportFeedSchema.safeParse(body);
    if (!parsed.success) {
      throw new SupportFeedError(`GET support-actions answered an unexpected body: ${parsed.error.message}`);
    }
    return parsed.data;
  }

  /** Everything up to and including `upTo` is applied; answers the position acknowledged now. */
  async acknowledge(upTo: number): Promise<number> {
    const body = (await this.#call('POST', `${this.#base}/ack`, { upTo })) as { acknowledged?: unknown };
    if (typeof body?.acknowledged !== 'number') {
      throw new SupportFeedError('POST support-actions/ack answered without a position');
    }
    return body.acknowledged;
  }

  async #call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<unknown> {
    const path = url.slice(url.indexOf('support-actions')).replace(/\?.*$/, '');
    let response: Response;
    try {
      response = await this.#fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${this.#key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      throw new SupportFeedError(`${method} ${path}: no answer (${(error as Error).message})`);
    }
    const text = await response.text();
    if (!response.ok) {
      let detail = text.slice(0, 300);
      try {
        const parsed = JSON.parse(text) as { code?: string; message?: string };
        detail = [parsed.code, parsed.message].filter(Boolean).join(' ') || detail;
      } catch {
        // not JSON: show the text
      }
      throw new SupportFeedError(`${method} ${path} answered ${response.status}: ${detail}`, response.status);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new SupportFeedError(`${method} ${path} answered with no JSON`, response.status);
    }
  }
}

export interface FeedPass {
  /** Actions read (including redeliveries of ones applied before). */
  read: number;
  /** Actions applied for the first time. */
  applied: number;
  /** The position acknowledged after the pass (unchanged when there was nothing to acknowledge). */
  acknowledged: number;
}

/**
 * Reads the feed until it is empty (pages of `limit`), applying each action to the view, logging one line
 * per action, and acknowledging each page after applying it. A failure leaves the rest for the next pass:
 * what was applied but not acknowledged comes again and is recognised by its position.
 */
export async function drainSupportFeed(
  client: SupportFeedClient,
  view: PlatformView,
  log: (line: string) => void,
  { limit = SUPPORT_FEED_PAGE_SIZE, maxPages = 100 }: { limit?: number; maxPages?: number } = {},
): Promise<FeedPass> {
  const pass: FeedPass = { read: 0, applied: 0, acknowledged: 0 };
  for (let page = 0; page < maxPages; page += 1) {
    const feed = await client.read(limit);
    pass.acknowledged = feed.acknowledged;
    if (feed.items.length === 0) break;
    pass.read += feed.items.length;
    for (const action of feed.items) {
      const effect = view.apply(action);
      if (effect !== 'already-applied') pass.applied += 1;
      log(describeAction(action, effect));
    }
    pass.acknowledged = await client.acknowledge(feed.items.at(-1)!.position);
    if (feed.items.length < limit) break;
  }
  return pass;
}

export interface SupportFeedLoopOptions {
  client: SupportFeedClient;
  view: PlatformView;
  log: (line: string) => void;
  /** Milliseconds between passes (default 2000). */
  everyMs?: number;
  limit?: number;
  signal?: AbortSignal;
}

/**
 * Drains the feed every `everyMs` until the signal aborts. A failed pass is logged and tried again at the
 * next one; a back office without the feed (404) or a key it refuses (401, 403) ends the loop, logged
 * (`gaveUp`). Resolves with the number of actions applied.
 */
export async function followSupportFeed(
  options: SupportFeedLoopOptions,
): Promise<{ applied: number; gaveUp: boolean }> {
  const everyMs = options.everyMs ?? 2000;
  let applied = 0;
  let lastFailure = '';
  while (!options.signal?.aborted) {
    try {
      applied += (await drainSupportFeed(options.client, options.view, options.log, { limit: options.limit }))
        .applied;
      lastFailure = '';
    } catch (error) {
      const message = (error as Error).message;
      const status = error instanceof SupportFeedError ? error.status : undefined;
      if (status === 404 || status === 401 || status === 403) {
        options.log(`support feed: ${message}; not reading it any more`);
        return { applied, gaveUp: true };
      }
      // The same failure again and again is logged once.
      if (message !== lastFailure) options.log(`support feed: ${message}; trying again`);
      lastFailure = message;
    }
    await sleep(everyMs, options.signal);
  }
  return { applied, gaveUp: false };
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
