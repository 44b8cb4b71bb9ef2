import type { SignificantEvent, SignificantEventListQuery } from '@backoffice/contracts';
import { and, count, desc, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { significantEvents } from '../../db/schema/index';
import { likePattern } from '../../lib/sql';

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

function filterOf(query: SignificantEventListQuery): SQL | undefined {
  const pattern = query.q ? likePattern(query.q) : undefined;
  return and(
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
  component: string | null;
  userName: string | null;
  beforeValue: string | null;
  afterValue: string | null;
  createdBy: string | null;
  createdByName: string | null;
}

export function createSignificantEventsRepository() {
  return {
    async list(
      db: Db,
      query: SignificantEventListQuery,
    ): Promise<{ items: SignificantEvent[]; total: number }> {
      const filter = filterOf(query);
      const [rows, [totals]] = await Promise.all([
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
        db.select({ total: count() }).from(significantEvents).where(filter),
      ]);
      return { items: rows.map(toEvent), total: totals?.total ?? 0 };
    },

    async insert(db: Db, values: NewSignificantEvent): Promise<SignificantEvent> {
      const [row] = await db.insert(significantEvents).values(values).returning();
      return toEvent(row!);
    },
  };
}

export type SignificantEventsRepository = ReturnType<typeof createSignificantEventsRepository>;
