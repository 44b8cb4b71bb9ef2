/** SQL of second factors: the sealed TOTP secret, its last used time step, and hashed recovery codes. */
import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { globalSettings, userRecoveryCodes, userSecondFactors, users } from '../../db/schema/index';

export function createSecondFactorRepository() {
  return {
    async find(db: Db, userId: string) {
      const [row] = await db.select().from(userSecondFactors).where(eq(userSecondFactors.userId, userId));
      return row;
    },

    async findUser(db: Db, userId: string) {
      const [row] = await db
        .select({ id: users.id, username: users.username, email: users.email, role: users.role })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** The roles that must use a second factor (master data). */
    async requiredRoles(db: Db): Promise<string[]> {
      const [row] = await db
        .select({ roles: globalSettings.secondFactorRoles })
        .from(globalSettings)
        .where(eq(globalSettings.id, 1));
      return row?.roles ?? [];
    },

    /** Starts (or starts over) an unconfirmed enrolment with a new secret. */
    async savePending(db: Db, userId: string, sealedSecret: string): Promise<void> {
      await db
        .insert(userSecondFactors)
        .values({ userId, secret: sealedSecret })
        .onConflictDoUpdate({
          target: userSecondFactors.userId,
          set: { secret: sealedSecret, confirmedAt: null, lastUsedStep: null, createdAt: sql`now()` },
          setWhere: isNull(userSecondFactors.confirmedAt),
        });
    },

    /** Confirms a pending enrolment with the step of its first code; false when there was none pending. */
    async confirm(db: Db, userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(userSecondFactors)
        .set({ confirmedAt: sql`now()`, lastUsedStep: step })
        .where(and(eq(userSecondFactors.userId, userId), isNull(userSecondFactors.confirmedAt)))
        .returning({ userId: userSecondFactors.userId });
      return rows.length > 0;
    },

    /**
     * Takes a time step for a confirmed factor, atomically: false when this step (or a later one) was used
     * already, also by a request running at the same moment.
     */
    async useStep(db: Db, userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(userSecondFactors)
        .set({ lastUsedStep: step })
        .where(
          and(
            eq(userSecondFactors.userId, userId),
            isNotNull(userSecondFactors.confirmedAt),
            or(isNull(userSecondFactors.lastUsedStep), lt(userSecondFactors.lastUsedStep, step)),
          ),
        )
        .returning({ userId: userSecondFactors.userId });
      return rows.length > 0;
    },

    async replaceRecoveryCodes(db: Db, userId: string, hashes: string[]): Promise<void> {
      await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
      await db.insert(userRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    },

    /** Marks an unused recovery code used, atomically; false when there is no such unused code. */
    async useRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(userRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(userRecoveryCodes.userId, userId),
            eq(userRecoveryCodes.codeHash, codeHash),
            isNull(userRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: userRecoveryCodes.id });
      return rows.length > 0;
    },

    async recoveryCodesLeft(db: Db, userId: string): Promise<number> {
      const [row] = await db
        .select({ left: count() })
        .from(userRecoveryCodes)
        .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
      return row?.left ?? 0;
    },

    /** Removes the factor and its recovery codes; false when the user had none. */
    async remove(db: Db, userId: string): Promise<boolean> {
      await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
      const rows = await db
        .delete(userSecondFactors)
        .where(eq(userSecondFactors.userId, userId))
        .returning({ userId: userSecondFactors.userId });
      return rows.length > 0;
    },

    /** GLI-19 §2.8.9: when the second factor was last enrolled or reset. */
    async markChanged(db: Db, userId: string): Promise<void> {
      await db
        .update(users)
        .set({ secondFactorChangedAt: sql`now()` })
        .where(eq(users.id, userId));
    },
  };
}

export type SecondFactorRepository = ReturnType<typeof createSecondFactorRepository>;
