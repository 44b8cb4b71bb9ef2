/**
 * What a session token resolves to, kept in this instance's memory so that a signed-in request does not
 * wait for the database (issue 16, decision 030). It is correct only because the database announces every
 * change that could alter what it holds (migration 0011: a session changed or ended, a user or their second
 * factor changed, the global settings changed) and each instance listens:
 *
 * - an announcement drops what it concerns, in every instance, as soon as it arrives;
 * - while the listening connection is down nothing is served from memory, and what was held is dropped
 *   when it goes down and again when it comes back (announcements in between are lost);
 * - a lookup that was answered by the database while an announcement arrived is not kept: it may be older
 *   than the change;
 * - `settle()` waits until every instance listening has heard everything committed before it was called
 *   (each acknowledges a sync announcement that follows the change): a request that announced a change
 *   answers only after that (decision 038), so no instance serves what it ended or changed afterwards;
 * - nothing is kept longer than `maxAgeMs`, whatever happens.
 *
 * The limits (idle, absolute, deactivation) are still checked on every request against what is held.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LISTENER_NAME, type ChannelListener, type Database } from '../../db/client';
import { rowsOf } from '../../lib/sql';

export const SESSION_CHANNEL = 'bo_session_changes';
/** The longest anything is held, announcements or not. */
const MAX_AGE_MS = 10_000;
/** Sessions held at most; the oldest go first. */
const MAX_ENTRIES = 10_000;
/** How long `settle()` waits for every instance's acknowledgement before it goes on without. */
const SETTLE_TIMEOUT_MS = 2_000;
/** How often `settle()` sends its sync when the database does not take it (a cut connection). */
const SETTLE_ATTEMPTS = 3;

export interface CachedSession {
  id: string;
  userId: string;
}

export interface SessionCache<Row extends CachedSession> {
  /** What a token hash resolved to, if held and still trusted. */
  lookup(tokenHash: string): Row | undefined;
  /** A counter of announcements: take it before asking the database, give it back to `remember`. */
  generation(): number;
  /** Keeps a row read from the database, unless an announcement arrived since `generation`. */
  remember(tokenHash: string, row: Row, generation: number): void;
  /** Drops one token's entry at once (this instance ended or changed that session itself). */
  forget(tokenHash: string): void;
  /** Resolves once this instance has heard every change committed before the call. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** Holds nothing: every lookup goes to the database (services made outside a running server, e.g. tests'). */
export function noSessionCache<Row extends CachedSession>(): SessionCache<Row> {
  return {
    lookup: () => undefined,
    generation: () => 0,
    remember: () => {},
    forget: () => {},
    settle: async () => {},
    close: async () => {},
  };
}

export function createSessionCache<Row extends CachedSession>(options: {
  database: Database;
  log: FastifyBaseLogger;
  now?: () => number;
  /**
   * Another holder of what these announcements concern (the kept answers, decision 041): it hears every
   * announcement but syncs and acknowledgements, and the listening connection going up and down, before
   * this cache acts on them — so an instance that acknowledges a sync has dropped what both held.
   */
  alsoHeard?: ChannelListener;
}): SessionCache<Row> {
  const { database, log, alsoHeard } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { row: Row; heldSince: number }>();
  /** Token hashes held, by session and by user: an announcement drops its own without a scan. */
  const bySession = new Map<string, Set<string>>();
  const byUser = new Map<string, Set<string>>();
  let listening = false;
  let changes = 0;
  const instance = randomUUID();
  let nextSync = 0;
  /** This instance's settles waiting for acknowledgements, by nonce. */
  const settling = new Map<string, () => void>();

  const index = (map: Map<string, Set<string>>, key: string, hash: string) => {
    const hashes = map.get(key);
    if (hashes) hashes.add(hash);
    else map.set(key, new Set([hash]));
  };
  const unindex = (map: Map<string, Set<string>>, key: string, hash: string) => {
    const hashes = map.get(key);
    hashes?.delete(hash);
    if (hashes?.size === 0) map.delete(key);
  };
  const hold = (hash: string, row: Row) => {
    drop(hash);
    entries.set(hash, { row, heldSince: now() });
    index(bySession, row.id, hash);
    index(byUser, row.userId, hash);
  };
  const drop = (hash: string) => {
    const entry = entries.get(hash);
    if (!entry) return;
    entries.delete(hash);
    unindex(bySession, entry.row.id, hash);
    unindex(byUser, entry.row.userId, hash);
  };
  const dropAll = () => {
    changes++;
    entries.clear();
    bySession.clear();
    byUser.clear();
  };
  /** Neither this cache nor the other holder can vouch for what it holds: both drop everything. */
  const distrustAll = () => {
    dropAll();
    alsoHeard?.message('*');
  };
  const dropHeldBy = (map: Map<string, Set<string>>, key: string) => {
    changes++;
    for (const hash of [...(map.get(key) ?? [])]) drop(hash);
  };

  // Others' settles: this instance says it has heard everything up to their sync (see settle()).
  const acknowledge = (nonce: string) =>
    database.db.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${`ack:${nonce}`})`).catch(() => {});

  const subscription = database.subscribe(SESSION_CHANNEL, {
    message(payload) {
      const id = payload.slice(payload.indexOf(':') + 1);
      if (payload.startsWith('sync:')) return void acknowledge(id);
      if (payload.startsWith('ack:')) return settling.get(id)?.();
      alsoHeard?.message(payload);
      if (payload.startsWith('s:')) dropHeldBy(bySession, id);
      else if (payload.startsWith('u:')) dropHeldBy(byUser, id);
      // Of the configuration (0020), only the users' scopes are part of what a session resolves to.
      else if (!payload.startsWith('c:') || payload.startsWith('c:user_')) dropAll();
    },
    up() {
      alsoHeard?.up();
      dropAll();
      listening = true;
    },
    down() {
      alsoHeard?.down();
      if (listening) log.warn('session announcements lost: sessions are read from the database');
      listening = false;
      dropAll();
    },
  });

  /**
   * Announces a sync after the caller's change and waits until every listening instance acknowledged it
   * (or the time is up); false when the database did not take it.
   */
  async function sync(): Promise<boolean> {
    const nonce = `${instance}:${nextSync++}`;
    let timer: NodeJS.Timeout | undefined;
    let heard = 0;
    let expected = Number.POSITIVE_INFINITY;
    let allHeard: () => void = () => {};
    const acknowledged = new Promise<void>((resolve) => {
      allHeard = resolve;
      settling.set(nonce, () => {
        if (++heard >= expected) resolve();
      });
      timer = setTimeout(() => {
        log.warn({ heard, expected }, 'session announcements late: not every instance acknowledged');
        distrustAll();
        resolve();
      }, SETTLE_TIMEOUT_MS);
    });
    try {
      // The sync is committed after the caller's change, and every listener hears announcements in commit
      // order: an instance that acknowledges it has dropped whatever the change concerned.
      const [counted] = rowsOf<{ listeners: number }>(
        await database.db.execute(
          database.engine === 'postgres'
            ? sql`select pg_notify(${SESSION_CHANNEL}, ${`sync:${nonce}`}),
              (select count(*)::int from pg_stat_activity
                where datname = current_database() and application_name = ${LISTENER_NAME}) as listeners`
            : sql`select pg_notify(${SESSION_CHANNEL}, ${`sync:${nonce}`}), 1 as listeners`,
        ),
      );
      expected = Number(counted?.listeners ?? 1);
      if (heard >= expected) allHeard();
      await acknowledged;
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
      settling.delete(nonce);
    }
  }

  return {
    lookup(tokenHash) {
      if (!listening) return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (now() - entry.heldSince > MAX_AGE_MS) {
        drop(tokenHash);
        return undefined;
      }
      return entry.row;
    },
    generation: () => changes,
    remember(tokenHash, row, generation) {
      if (!listening || generation !== changes) return;
      if (entries.size >= MAX_ENTRIES && !entries.has(tokenHash)) drop(entries.keys().next().value!);
      hold(tokenHash, row);
    },
    forget(tokenHash) {
      changes++;
      drop(tokenHash);
    },
    async settle() {
      // A lookup in flight may have read what the change replaced: it is not kept.
      changes++;
      // A sync the database did not take (its connection cut) is sent again on another connection: until
      // one is heard by every instance, another instance may still hold what the change ended.
      for (let attempt = 1; listening; attempt++) {
        if (await sync()) return;
        if (attempt === SETTLE_ATTEMPTS) break;
      }
      // What is held here cannot be vouched for.
      distrustAll();
    },
    close: () => subscription.close(),
  };
}
