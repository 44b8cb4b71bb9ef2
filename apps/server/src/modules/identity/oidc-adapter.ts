/** oidc-provider's storage in PostgreSQL: one table for every model, keyed by (model, id). */
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client';
import { oidcPayloads } from '../../db/schema/index';
import { findUnstorableText, isStorableText } from '../../lib/text-guard';

export function createOidcAdapterClass(db: Db) {
  const notExpired = or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));

  async function findWhere(condition: ReturnType<typeof and>): Promise<AdapterPayload | undefined> {
    const [row] = await db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(condition, notExpired));
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }

  return class DatabaseAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      // Request parameters (state, nonce, hints) end up in payloads: text the database cannot store is the
      // client's mistake, answered as an invalid request, not a server error.
      if (!isStorableText(id) || findUnstorableText(payload) !== undefined)
        throw new errors.InvalidRequest('the request contains characters that cannot be stored');
      const values = {
        payload,
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        accountId: payload.accountId ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcPayloads)
        .values({ model: this.model, id, ...values })
        .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: values });
    }

    find(id: string) {
      if (!isStorableText(id)) return Promise.resolve(undefined);
      return findWhere(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    findByUid(uid: string) {
      if (!isStorableText(uid)) return Promise.resolve(undefined);
      return findWhere(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.uid, uid)));
    }

    findByUserCode(userCode: string) {
      if (!isStorableText(userCode)) return Promise.resolve(undefined);
      return findWhere(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.userCode, userCode)));
    }

    async consume(id: string): Promise<void> {
      if (!isStorableText(id)) return;
      await db
        .update(oidcPayloads)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      if (!isStorableText(id)) return;
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    /**
     * The provider asks each kind of token in turn. Only this kind: a sign-in under way (an interaction) also
     * names the grant, and must outlive a sign-out in another tab to be asked again (sign-in.routes.ts).
     */
    async revokeByGrantId(grantId: string): Promise<void> {
      if (!isStorableText(grantId)) return;
      await db
        .delete(oidcPayloads)
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.grantId, grantId)));
    }
  };
}

/** Removes artifacts that expired; run now and then. */
export async function purgeExpiredOidcPayloads(db: Db): Promise<void> {
  await db.delete(oidcPayloads).where(sql`${oidcPayloads.expiresAt} < now()`);
}
