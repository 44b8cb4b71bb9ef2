/**
 * Denied access is audited (GLI-19 §2.8.8 (a), issue 15): every 403 — a signed-in user without the
 * permission (plugins/access.ts), a refused origin or CSRF header, a service refusing an action — and
 * every refused scope — a record outside the user's casinos or integrations, answered 404 as if it did not
 * exist (services throw `OutOfScope`, lib/scope.ts) — becomes an entry of type `access-denied`, which only
 * user administrators read (decision 021). It names the user (none before a session is read), the route
 * as method and pattern (never the URL: no ids of other records, no query strings with personal data), the
 * address, the answer's code and, for a refused scope, the record refused.
 *
 * The entry is written after the answer has gone out (onResponse): a refusal is as fast as before, and it
 * still answers when the database is down — a failed write is only logged. The entry bears the time of the
 * answer, not of its write, so denials answered one after the other stay in that order in the trail.
 *
 * Throttled per user (or address, without a user) and route so that a script cannot flood the trail: at
 * most `perWindow` entries a window (`access_denial_windows`). The denials beyond are only counted, and
 * one entry `denials-suppressed` says how many once the window has closed — written by a timer at its end
 * or by the next denial of that user and route, whichever comes first. The window's row is deleted by the
 * one that writes it, so it is written once, also with several instances.
 *
 * 401 (no session) is not recorded: it denies no user — anyone who reaches the server can cause it, and
 * counting it by address would let scanners fill the trail and the windows from any number of addresses —,
 * and the attempts to get a session have their own trail (`sign-in-failed`, with the sign-in throttle).
 * A refused origin or CSRF header comes before the session is read and is recorded by address. A step-up
 * request (403 STEP_UP_REQUIRED) is not recorded either: the user may act once they confirm it is them, and
 * the confirmation has an entry of its own (`step-up`).
 *
 * A filter naming casinos outside a limited user's scope (`casinoIds` of the reports, the game rounds'
 * search) answers nothing of them rather than 404; it is recorded as a refused scope too, with the casinos
 * that neither the scope nor its integrations grant (lib/scope.ts), worked out after the answer.
 */
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Principal } from './access';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import { OutOfScope } from '../lib/scope';
import { rowsOf } from '../lib/sql';
import { recordAudit, type Actor } from '../modules/audit/audit.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The recording of denied access; tests wait for it. */
    accessDenials: AccessDenials;
  }
}

export interface AccessDenials {
  /** Resolves when every denial seen so far is written (or failed to be). */
  settled(): Promise<void>;
  /** Writes the suppressed counts of the closed windows and forgets them (a timer does this at their end). */
  flushClosedWindows(): Promise<void>;
}

export interface AccessDenialsOptions {
  db: Db;
  /** Entries per user (or address) and route in a window; default 10. */
  perWindow?: number;
  /** Length of a window; default 60 seconds. */
  windowSeconds?: number;
}

const ENTITY = 'access-denied';

interface Denial {
  /** When it was answered, in microseconds since 1970: its entry's time, whenever it is written. */
  answeredAtMicros: number;
  actor: Actor | null;
  address: string;
  method: string;
  route: string;
  status: number;
  code: string | undefined;
  record: { type: string; id: string } | undefined;
}

/** The casinos a limited user's filter names beyond the casinos of their scope (`casinoIds=a,b`). */
function filteredCasinos(request: FastifyRequest, principal: Principal | null): string[] {
  if (!principal || principal.scope.unlimited) return [];
  const value = (request.query as Record<string, unknown> | undefined)?.casinoIds;
  const ids = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const { casinoIds } = principal.scope;
  return [...new Set(ids)]
    .filter((id): id is string => typeof id === 'string' && id !== '' && !casinoIds.includes(id))
    .slice(0, 50);
}

const textList = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

let lastAnsweredAt = 0;

/**
 * Now in microseconds since 1970, later than any time it returned before: the entries of denials answered
 * one after the other are in that order in the trail, though they are written concurrently.
 */
function answeredAtMicros(): number {
  const now = Math.round((performance.timeOrigin + performance.now()) * 1000);
  lastAnsweredAt = Math.max(now, lastAnsweredAt + 1);
  return lastAnsweredAt;
}

/** The throttle's key: who (`user:<id>` or `address:<ip>`) and the route, separated by spaces. */
function keyOf(denial: Denial): string {
  const who = denial.actor ? `user:${denial.actor.id}` : `address:${denial.address}`;
  return `${who} ${denial.method} ${denial.route}`;
}

export const accessDenialsPlugin = fp<AccessDenialsOptions>(
  async (app, { db, perWindow = 10, windowSeconds = 60 }) => {
    const window = sql`make_interval(secs => ${windowSeconds})`;
    const errors = new WeakMap<FastifyRequest, unknown>();
    const pending = new Set<Promise<void>>();
    const timers = new Set<NodeJS.Timeout>();

    function track(work: Promise<void>): void {
      const tracked = work
        .catch((error: unknown) => app.log.warn({ err: error }, 'denied access not recorded'))
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
    }

    /** The entry saying how many denials of a key's closed window were not recorded. */
    async function writeSuppressed(
      tx: Db,
      closed: { key: string; count: number; window_started_at: string },
      happenedAtMicros?: number,
    ): Promise<void> {
      const [who = '', method = '', route = ''] = closed.key.split(' ');
      const [kind, id = ''] = [who.slice(0, who.indexOf(':')), who.slice(who.indexOf(':') + 1)];
      let actor: Actor | null = null;
      if (kind === 'user') {
        const [user] = rowsOf<{ username: string }>(
          await tx.execute(sql`select username from users where id::text = ${id}`),
        );
        actor = { id, name: user?.username ?? id };
      }
      await recordAudit(tx, {
        actor,
        entityType: ENTITY,
        entityId: `${method} ${route}`,
        action: 'denials-suppressed',
        happenedAtMicros,
        before: null,
        after: {
          ...(kind === 'address' ? { address: id } : {}),
          suppressed: closed.count - perWindow,
          windowStartedAt: new Date(closed.window_started_at).toISOString(),
        },
      });
    }

    async function flushClosedWindows(): Promise<void> {
      await db.transaction(async (tx) => {
        const closed = rowsOf<{ key: string; count: number; window_started_at: string }>(
          await tx.execute(sql`delete from access_denial_windows
            where window_started_at <= now() - ${window}
            returning key, count, window_started_at`),
        );
        for (const row of closed) if (row.count > perWindow) await writeSuppressed(tx, row);
      });
    }

    function flushIn(milliseconds: number): void {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          track(flushClosedWindows());
        },
        Math.max(0, milliseconds) + 1000,
      );
      timer.unref();
      timers.add(timer);
    }

    /** Of the casinos a filter named, those no integration of the scope serves or has figures in. */
    async function notGranted(casinoIds: string[], integrationIds: readonly string[]): Promise<string[]> {
      if (integrationIds.length === 0) return casinoIds;
      const granted = rowsOf<{ id: string }>(
        await db.execute(sql`select c.id from unnest(${textList(casinoIds)}) as c(id)
          where exists (select 1 from integration_casinos ic
                        where ic.casino_id = c.id and ic.integration_id = any(${textList(integrationIds)}))
             or exists (select 1 from round_stats_monthly r
                        where r.casino_id = c.id and r.integration_id = any(${textList(integrationIds)}))`),
      ).map((row) => row.id);
      return casinoIds.filter((id) => !granted.includes(id));
    }

    async function recordFilter(denial: Denial, casinoIds: string[], integrationIds: readonly string[]) {
      const refused = await notGranted(casinoIds, integrationIds);
      if (refused.length > 0) await record({ ...denial, record: { type: 'casino', id: refused.join(',') } });
    }

    async function record(denial: Denial): Promise<void> {
      const key = keyOf(denial);
      const suppressingFor = await db.transaction(async (tx) => {
        const [closed] = rowsOf<{ key: string; count: number; window_started_at: string }>(
          await tx.execute(sql`delete from access_denial_windows
            where key = ${key} and window_started_at <= now() - ${window}
            returning key, count, window_started_at`),
        );
        // Said by the next denial: just before its own entry, at the same time.
        if (closed && closed.count > perWindow) await writeSuppressed(tx, closed, denial.answeredAtMicros);
        const [current] = rowsOf<{ count: number; ends_in_ms: number | string }>(
          await tx.execute(sql`insert into access_denial_windows as w (key, window_started_at, count)
            values (${key}, now(), 1)
            on conflict (key) do update set count = w.count + 1
            returning w.count, extract(epoch from w.window_started_at + ${window} - now()) * 1000 as ends_in_ms`),
        );
        const count = Number(current?.count ?? 1);
        if (count <= perWindow) {
          await recordAudit(tx, {
            actor: denial.actor,
            entityType: ENTITY,
            entityId: `${denial.method} ${denial.route}`,
            action: denial.record ? 'out-of-scope' : 'denied',
            happenedAtMicros: denial.answeredAtMicros,
            before: null,
            after: {
              address: denial.address,
              status: denial.status,
              code: denial.code ?? null,
              record: denial.record ?? null,
            },
          });
        }
        // The first denial not recorded: its count is written when the window closes.
        return count === perWindow + 1 ? Number(current?.ends_in_ms ?? 0) : undefined;
      });
      if (suppressingFor !== undefined) flushIn(suppressingFor);
    }

    app.addHook('onError', async (request, _reply, error) => {
      errors.set(request, error);
    });

    app.addHook('onResponse', async (request, reply) => {
      try {
        const error = errors.get(request);
        const outOfScope = error instanceof OutOfScope ? error : undefined;
        const principal = request.principal;
        const filtered =
          reply.statusCode === 403 || reply.statusCode === 400 || reply.statusCode >= 500 || outOfScope
            ? []
            : filteredCasinos(request, principal);
        if (reply.statusCode !== 403 && !outOfScope && filtered.length === 0) return;
        // Asking for a step-up is not a denial: the user may, after confirming it is them.
        if (error instanceof AppError && error.code === 'STEP_UP_REQUIRED') return;
        const denial: Denial = {
          answeredAtMicros: answeredAtMicros(),
          actor: principal ? { id: principal.userId, name: principal.username } : null,
          address: request.ip,
          method: request.method,
          route: request.routeOptions.url ?? '(no route)',
          status: reply.statusCode,
          code: error instanceof AppError ? error.code : undefined,
          record: outOfScope?.record,
        };
        if (filtered.length > 0 && principal && !principal.scope.unlimited) {
          track(recordFilter(denial, filtered, principal.scope.integrationIds));
        } else track(record(denial));
      } catch (error) {
        request.log.warn({ err: error }, 'denied access not recorded');
      }
    });

    app.addHook('onClose', async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await settled();
    });

    async function settled(): Promise<void> {
      // The response hook runs when the answer has been sent, which may be just after the caller saw it.
      await new Promise((resolve) => setImmediate(resolve));
      while (pending.size > 0) await Promise.allSettled([...pending]);
    }

    app.decorate('accessDenials', { settled, flushClosedWindows });
  },
  { name: 'access-denials', dependencies: ['access'] },
);
