/** The SQL of alerts: the open ones, and acknowledging one exactly once. */
import { ALERTS_SHOWN, type Alert } from '@backoffice/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alerts } from '../../db/schema/index';
import { countUpTo, pageWithTotal } from '../../lib/sql';

type Row = typeof alerts.$inferSelect;

const iso = (instant: string) => new Date(instant).toISOString();

function toAlert(row: Row): Alert {
  return {
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    message: row.message,
    details: row.details ?? null,
    raisedAt: iso(row.raisedAt),
    acknowledgedAt: row.acknowledgedAt === null ? null : iso(row.acknowledgedAt),
    acknowledgedBy: row.acknowledgedByName,
  };
}

export function createAlertsRepository() {
  return {
    async listOpen(db: Db): Promise<{ items: Alert[]; total: number }> {
      const open = isNull(alerts.acknowledgedAt);
      const { rows, total } = await pageWithTotal(
        { page: 1, pageSize: ALERTS_SHOWN },
        db
          .select()
          .from(alerts)
          .where(open)
          .orderBy(desc(alerts.raisedAt), desc(alerts.id))
          .limit(ALERTS_SHOWN),
        () => countUpTo(db, alerts, open),
      );
      return { items: rows.map(toAlert), total };
    },

    async find(db: Db, id: string): Promise<Alert | undefined> {
      const [row] = await db.select().from(alerts).where(eq(alerts.id, id));
      return row ? toAlert(row) : undefined;
    },

    /** Acknowledges an open alert; answers nothing when it is not open (gone, or acknowledged already). */
    async acknowledge(db: Db, id: string, by: { id: string; name: string }): Promise<Alert | undefined> {
      const [row] = await db
        .update(alerts)
        .set({ acknowledgedAt: sql`now()`, acknowledgedBy: by.id, acknowledgedByName: by.name })
        .where(and(eq(alerts.id, id), isNull(alerts.acknowledgedAt)))
        .returning();
      return row ? toAlert(row) : undefined;
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
