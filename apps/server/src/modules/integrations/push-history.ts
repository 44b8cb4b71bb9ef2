/**
 * The push history of integrations (issue 18): every push of a configuration document to a bridge, written
 * as pending before the bridge is called and finished with its answer or error, and the configuration
 * versions they carry — one version is always one and the same document, and every change of the document
 * is a new version (`versionFor`).
 */
import type {
  PushDetail,
  PushEntry,
  PushHistoryQuery,
  PushOutcome,
  PushTrigger,
} from '@backoffice/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { integrationPushes } from '../../db/schema';
import type { Actor } from '../audit/audit.service';
import { countUpTo, toIso } from '../../lib/sql';
import { documentChanges } from './integration-document';

export interface DeliveredDocument {
  configurationVersion: number;
  digest: string;
  document: Record<string, unknown>;
  pushedAt: string;
}

export const pushHistory = {
  /**
   * The configuration version of a document with `digest`: the version of the latest push when it sent the
   * same document, else the next one — every change of the document is a new version, a change back too —
   * and never below the integration's record version (the versions pushed before there was a history).
   * Versions only grow, so a bridge can tell an older document from a newer one.
   */
  async versionFor(db: Db, integrationId: string, digest: string, recordVersion: number): Promise<number> {
    const [latest] = await db
      .select({ version: integrationPushes.configurationVersion, digest: integrationPushes.digest })
      .from(integrationPushes)
      .where(eq(integrationPushes.integrationId, integrationId))
      .orderBy(desc(integrationPushes.configurationVersion))
      .limit(1);
    if (latest?.digest === digest) return latest.version;
    return Math.max((latest?.version ?? 0) + 1, recordVersion);
  },

  /** The document the bridge last confirmed, or null. */
  async delivered(db: Db, integrationId: string): Promise<DeliveredDocument | null> {
    const [row] = await db
      .select()
      .from(integrationPushes)
      .where(
        and(eq(integrationPushes.integrationId, integrationId), eq(integrationPushes.outcome, 'confirmed')),
      )
      .orderBy(desc(integrationPushes.finishedAt), desc(integrationPushes.startedAt))
      .limit(1);
    if (!row) return null;
    return {
      configurationVersion: row.configurationVersion,
      digest: row.digest,
      document: row.document,
      pushedAt: toIso(row.finishedAt ?? row.startedAt),
    };
  },

  /** Writes a push as pending (before the bridge is called) and returns its id. */
  async start(
    db: Db,
    push: {
      integrationId: string;
      configurationVersion: number;
      digest: string;
      document: Record<string, unknown>;
      trigger: PushTrigger;
      actor: Actor | null;
    },
  ): Promise<string> {
    const [row] = await db
      .insert(integrationPushes)
      .values({
        integrationId: push.integrationId,
        configurationVersion: push.configurationVersion,
        digest: push.digest,
        document: push.document,
        trigger: push.trigger,
        actorId: push.actor?.id ?? null,
        actorName: push.actor?.name ?? null,
        outcome: 'pending',
      })
      .returning({ id: integrationPushes.id });
    return row!.id;
  },

  /** Records the bridge's answer (confirmed) or the error (failed) of a pending push. */
  async finish(
    db: Db,
    id: string,
    result: { outcome: Exclude<PushOutcome, 'pending'>; receivedAt?: string; error?: string },
  ): Promise<void> {
    await db
      .update(integrationPushes)
      .set({
        outcome: result.outcome,
        finishedAt: new Date(),
        receivedAt: result.receivedAt ?? null,
        error: result.error ?? null,
      })
      .where(eq(integrationPushes.id, id));
  },

  /** One page of an integration's pushes, each with the fields that differ from the push before it. */
  async page(
    db: Db,
    integrationId: string,
    query: PushHistoryQuery,
  ): Promise<{ items: PushEntry[]; total: number }> {
    const mine = eq(integrationPushes.integrationId, integrationId);
    const ordered = withPrevious(db, integrationId);
    const order = query.order === 'asc' ? sql`asc` : sql`desc`;
    const rows = await db
      .select({ push: integrationPushes, previous: ordered.previous })
      .from(integrationPushes)
      .innerJoin(ordered, eq(ordered.row, integrationPushes.id))
      .orderBy(sql`${integrationPushes.startedAt} ${order}`, sql`${integrationPushes.id} ${order}`)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    const [count] = await countUpTo(db, integrationPushes, mine, { indexed: true });
    return {
      items: rows.map(({ push, previous: before }) => entryOf(push, before)),
      total: count?.total ?? 0,
    };
  },

  /** One push with the document it sent, or null when the integration has no such push. */
  async detail(db: Db, integrationId: string, id: string): Promise<PushDetail | null> {
    const ordered = withPrevious(db, integrationId);
    const [row] = await db
      .select({ push: integrationPushes, previous: ordered.previous })
      .from(integrationPushes)
      .innerJoin(ordered, eq(ordered.row, integrationPushes.id))
      .where(eq(integrationPushes.id, id));
    if (!row) return null;
    const { push, previous: before } = row;
    return { ...entryOf(push, before), document: push.document };
  },
};

/** An integration's pushes, each with the document of the push before it (`previous`). */
function withPrevious(db: Db, integrationId: string) {
  const previous = sql<Record<string, unknown> | null>`lag(${integrationPushes.document}) over (
    order by ${integrationPushes.startedAt}, ${integrationPushes.id})`.as('previous');
  return db
    .select({ row: integrationPushes.id, previous })
    .from(integrationPushes)
    .where(eq(integrationPushes.integrationId, integrationId))
    .as('ordered');
}

function entryOf(
  push: typeof integrationPushes.$inferSelect,
  before: Record<string, unknown> | null,
): PushEntry {
  return {
    id: push.id,
    integrationId: push.integrationId,
    configurationVersion: push.configurationVersion,
    digest: push.digest,
    trigger: push.trigger,
    actorName: push.actorName,
    startedAt: toIso(push.startedAt),
    finishedAt: push.finishedAt ? toIso(push.finishedAt) : null,
    outcome: push.outcome,
    receivedAt: push.receivedAt,
    error: push.error,
    changes: documentChanges(before, push.document),
  };
}
