import type { SignificantEvent, SignificantEventListQuery } from '@backoffice/contracts';
import { and, desc, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { significantEvents } from '../../db/schema/index';
import { casinoScopeCondition, type Scope } from '../../lib/scope';
import { countUpTo, isoMs, likePattern, pageWithTotal } from '../../lib/sql';

type Row = typeof significantEvents.$inferSelect;

const iso = (instant: string) => new Date(instant).toISOString();

function toEvent(row: Row): SignificantEvent {
  return {
    id: row.id,
    happenedAt: iso(row.happenedAt),
    reason: row.reason,
    component: row.component,
    user: row.userName,
    beforeValue: row.beforeValue,
    afterValue: row.afterValue,
    createdAt: iso(row.createdAt),
    createdBy: row.createdByName,
  };
}

/**
 * An event about one casino (a support action) is for the readers with that casino in scope; events about
 * no single casino are for every reader.
 */
function filterOf(query: SignificantEventListQuery, scope: Scope): SQL | undefined {
  const pattern = query.q ? likePattern(query.q) : undefined;
  const ofCasino = casinoScopeCondition(scope, significantEvents.casinoId);
  return and(
    ofCasino ? or(isNull(significantEvents.casinoId), ofCasino) : undefined,
    query.from ? gte(significantEvents.happenedAt, iso(query.from)) : undefined,
    // Events are answered to the millisecond: `to` includes its whole millisecond.
    query.to ? lt(significantEvents.happenedAt, new Date(Date.parse(query.to) + 1).toISOString()) : undefined,
    pattern
      ? or(ilike(significantEvents.reason, pattern), ilike(significantEvents.component, pattern))
      : undefined,
  );
}

export interface NewSignificantEvent {
  happenedAt: string;
  reason: string;
  /** The casino the event concerns; only readers with it in scope see the event. */
  casinoId?: string | null;
  component: string | null;
  userName: string | null;
  beforeValue: string | null;
  afterValue: string | null;
  createdBy: string | null;
  createdByName: string | null;
}

/**
 * A new event's stored values, from the event as it will be answered (without `createdAt`, which the
 * database fills in) and the id of the user who records it: `toEvent` read backwards. It concerns no single
 * casino, so every reader sees it.
 */
export function storedEvent(
  event: Omit<SignificantEvent, 'createdAt'>,
  recordedBy: string | null,
): NewSignificantEvent & { id: string } {
  return {
    id: event.id,
    happenedAt: event.happenedAt,
    reason: event.reason,
    casinoId: null,
    component: event.component,
    userName: event.user,
    beforeValue: event.beforeValue,
    afterValue: event.afterValue,
    createdBy: recordedBy,
    createdByName: event.createdBy,
  };
}

/**
 * The insert of one event with its values as placeholders (`insertAudited` fills them with `storedEvent`'s,
 * the `id` made by the caller), returning when it was recorded as answered.
 */
export const insertEventStatement = () => sql`insert into significant_events
    (id, happened_at, reason, casino_id, component, user_name, before_value, after_value, created_by,
     created_by_name)
  values (${sql.placeholder('id')}, ${sql.placeholder('happenedAt')}, ${sql.placeholder('reason')},
    ${sql.placeholder('casinoId')}, ${sql.placeholder('component')}, ${sql.placeholder('userName')},
    ${sql.placeholder('beforeValue')}, ${sql.placeholder('afterValue')}, ${sql.placeholder('createdBy')},
    ${sql.placeholder('createdByName')})
  returning ${isoMs('created_at')} as "createdAt"`;

export function createSignificantEventsRepository() {
  return {
    async list(
      db: Db,
      query: SignificantEventListQuery,
      scope: Scope,
    ): Promise<{ items: SignificantEvent[]; total: number }> {
      const filter = filterOf(query, scope);
      const { rows, total } = await pageWithTotal(
        query,
        db
          .select()
          .from(significantEvents)
          .where(filter)
          .orderBy(
            desc(significantEvents.happenedAt),
            desc(significantEvents.createdAt),
            desc(significantEvents.id),
          )
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        () => countUpTo(db, significantEvents, filter),
      );
      return { items: rows.map(toEvent), total };
    },

    /** An event written within the caller's transaction (a support action's, with its own audit entry). */
    async insert(db: Db, values: NewSignificantEvent): Promise<SignificantEvent> {
      const [row] = await db.insert(significantEvents).values(values).returning();
      return toEvent(row!);
    },
  };
}

export type SignificantEventsRepository = ReturnType<typeof createSignificantEventsRepository>;
