/** oidc-provider's storage in PostgreSQL: one table for every model, keyed by (model, id). */
import { and, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client';
import { oidcPayloads } from '../../db/schema/index';
import { findUnstorableText, isStorableText } from '../../lib/text-guard';

/** The model of the identity server's sessions. */
const SESSION_MODEL = 'Session';
/** What a grant issued to our client, the kinds the provider's own sign-out revokes with it. */
const GRANT_TOKEN_MODELS = ['AccessToken', 'RefreshToken', 'AuthorizationCode'];

export function createOidcAdapterClass(db: Db) {
  const notExpired = or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));

  async function findWhere(
    model: string,
    condition: ReturnType<typeof and>,
  ): Promise<AdapterPayload | undefined> {
    const [row] = await db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, model), condition, notExpired));
    if (!row) return undefined;
    // A session ended by a sign-out or for its account (endSessionsWhere) is no session.
    if (model === SESSION_MODEL && row.consumedAt) return undefined;
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
        .onConflictDoUpdate({
          target: [oidcPayloads.model, oidcPayloads.id],
          set: values,
          // A request that loaded a session before a sign-out ended it saves it when it ends: that must not
          // bring it back.
          ...(this.model === SESSION_MODEL ? { setWhere: isNull(oidcPayloads.consumedAt) } : {}),
        });
    }

    find(id: string) {
      if (!isStorableText(id)) return Promise.resolve(undefined);
      return findWhere(this.model, eq(oidcPayloads.id, id));
    }

    findByUid(uid: string) {
      if (!isStorableText(uid)) return Promise.resolve(undefined);
      return findWhere(this.model, eq(oidcPayloads.uid, uid));
    }

    findByUserCode(userCode: string) {
      if (!isStorableText(userCode)) return Promise.resolve(undefined);
      return findWhere(this.model, eq(oidcPayloads.userCode, userCode));
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

/** The grants a stored identity-server session names: one per client it signed in to. */
export function grantIdsOf(sessionPayload: unknown): string[] {
  const { authorizations } = (sessionPayload ?? {}) as {
    authorizations?: Record<string, { grantId?: unknown }>;
  };
  return Object.values(authorizations ?? {})
    .map((authorization) => authorization.grantId)
    .filter((grantId): grantId is string => typeof grantId === 'string');
}

/**
 * Ends the identity server's sessions that match and revokes what their grants issued, as the provider's
 * own sign-out does, but in the caller's transaction. Each row stays, marked ended (consumed), until it
 * expires: the storage no longer finds it, nor lets a request that loaded it before save it back.
 * Answers how many were alive.
 */
async function endSessionsWhere(db: Db, condition: SQL): Promise<number> {
  const ended = await db
    .update(oidcPayloads)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(oidcPayloads.model, SESSION_MODEL), condition, isNull(oidcPayloads.consumedAt)))
    .returning({ payload: oidcPayloads.payload });
  const grantIds = ended.flatMap(({ payload }) => grantIdsOf(payload));
  if (grantIds.length > 0)
    await db
      .delete(oidcPayloads)
      .where(
        or(
          and(inArray(oidcPayloads.model, GRANT_TOKEN_MODELS), inArray(oidcPayloads.grantId, grantIds)),
          and(eq(oidcPayloads.model, 'Grant'), inArray(oidcPayloads.id, grantIds)),
        ),
      );
  return ended.length;
}

/**
 * Ends the identity server's session with this id (the browser's session cookie there): our sign-out
 * needs no form at the identity server, whose secret another tab's request could overwrite. The id is the
 * session's own secret: whoever presents it may end it. True when it was alive.
 */
export async function endIdentitySession(db: Db, id: string): Promise<boolean> {
  if (!isStorableText(id)) return false;
  return (await endSessionsWhere(db, eq(oidcPayloads.id, id))) > 0;
}

/** Ends every identity-server session of an account and removes everything else stored for it. */
export async function endIdentitySessionsOf(db: Db, accountId: string): Promise<void> {
  await endSessionsWhere(db, eq(oidcPayloads.accountId, accountId));
  await db
    .delete(oidcPayloads)
    .where(and(eq(oidcPayloads.accountId, accountId), ne(oidcPayloads.model, SESSION_MODEL)));
}

/** Removes artifacts that expired; run now and then. */
export async function purgeExpiredOidcPayloads(db: Db): Promise<void> {
  await db.delete(oidcPayloads).where(sql`${oidcPayloads.expiresAt} < now()`);
}
