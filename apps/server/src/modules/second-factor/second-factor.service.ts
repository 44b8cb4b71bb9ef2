/**
 * Second factors (TOTP, RFC 6238): a user enrols on their own account (a secret shown once as QR code and
 * key, confirmed by a first code, then ten recovery codes shown once); sign-in asks for a code; an admin
 * resets someone else's. The secret is stored sealed (SecretBox), recovery codes only as hashes, and a
 * code's time step is taken once.
 */
import {
  RECOVERY_CODE_COUNT,
  type RecoveryCodes,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
  type StepUp,
} from '@backoffice/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { createSecretBox } from '../../lib/secret-box';
import { recordAudit, type Actor } from '../audit/audit.service';
import type { SessionsService } from '../auth/sessions.service';
import type { IdentityService } from '../identity/identity.service';
import type { SignInThrottle } from '../identity/sign-in-throttle';
import { createSecondFactorRepository } from './second-factor.repository';
import {
  hashRecoveryCode,
  newRecoveryCode,
  newTotpSecret,
  otpauthUri,
  qrCodeDataUrl,
  verifyTotp,
} from './totp';

/** How a second factor was proven. */
export type SecondFactorProof = 'otp' | 'recovery-code';

export function createSecondFactorService(deps: {
  db: Db;
  /** The secrets-at-rest keys (SECRETS_KEY): TOTP secrets are stored sealed under them. */
  secretsKeys: Parameters<typeof createSecretBox>[0];
  sessions: Pick<SessionsService, 'destroyAllOfUser' | 'markVerified'>;
  identity: Pick<IdentityService, 'endSessions' | 'checkPassword'>;
  /** An external identity server owns the second factor: nothing is enrolled or stepped up here. */
  managedByIssuer?: boolean;
  /** A wrong code counts like a wrong password. */
  throttle: Pick<SignInThrottle, 'check' | 'recordFailure'>;
}) {
  const { db, sessions, identity, throttle } = deps;
  const secretBox = createSecretBox(deps.secretsKeys);
  const repository = createSecondFactorRepository();

  async function userOf(tx: Db, userId: string) {
    const user = await repository.findUser(tx, userId);
    if (!user) throw new AppError('RECORD_NOT_FOUND');
    return user;
  }

  async function isRequired(tx: Db, role: string): Promise<boolean> {
    return (await repository.requiredRoles(tx)).includes(role);
  }

  /** Proves a code of the app (each time step once) or an unused recovery code (used up by this). */
  async function prove(tx: Db, userId: string, code: string): Promise<SecondFactorProof | null> {
    const factor = await repository.find(tx, userId);
    if (!factor?.confirmedAt) return null;
    const digits = code.replace(/\s+/g, '');
    if (/^\d{6}$/.test(digits)) {
      const step = await verifyTotp(secretBox.open(factor.secret), digits, factor.lastUsedStep);
      return step !== null && (await repository.useStep(tx, userId, step)) ? 'otp' : null;
    }
    return (await repository.useRecoveryCode(tx, userId, hashRecoveryCode(code))) ? 'recovery-code' : null;
  }

  /**
   * Runs an action on the own second factor that a current code (or a recovery code) must allow: refused
   * without a factor; wrong codes count like wrong passwords; the code is used up with the action.
   */
  async function withProof(
    actor: Actor,
    request: { address: string },
    code: string,
    action: (tx: Db, proof: SecondFactorProof) => Promise<void>,
  ): Promise<void> {
    const user = await userOf(db, actor.id);
    if (!(await repository.find(db, actor.id))?.confirmedAt) throw new AppError('SECOND_FACTOR_NOT_ENROLLED');
    if (!(await throttle.check(user.email, request.address)).allowed) throw new AppError('TOO_MANY_REQUESTS');
    const done = await db.transaction(async (tx) => {
      const proof = await prove(tx, actor.id, code);
      if (!proof) return false;
      await action(tx, proof);
      return true;
    });
    if (!done) {
      await throttle.recordFailure(user.email, request.address);
      throw new AppError('SECOND_FACTOR_CODE_WRONG');
    }
  }

  function auditOwn(
    tx: Db,
    actor: Actor,
    action: Parameters<typeof recordAudit>[1]['action'],
    after: object | null,
  ) {
    return recordAudit(tx, {
      actor,
      entityType: 'user',
      entityId: actor.id,
      action,
      before: null,
      after: after as Record<string, unknown> | null,
    });
  }

  return {
    async status(userId: string): Promise<SecondFactorStatus> {
      const user = await userOf(db, userId);
      const factor = await repository.find(db, userId);
      const enrolled = Boolean(factor?.confirmedAt);
      return {
        enrolled,
        required: await isRequired(db, user.role),
        confirmedAt: factor?.confirmedAt?.toISOString() ?? null,
        recoveryCodesLeft: enrolled ? await repository.recoveryCodesLeft(db, userId) : 0,
      };
    },

    /** A new secret for the own account; an enrolment not yet confirmed starts over. */
    async startEnrolment(actor: Actor): Promise<SecondFactorEnrolment> {
      if (deps.managedByIssuer) throw new AppError('SECOND_FACTOR_AT_ISSUER');
      return db.transaction(async (tx) => {
        const user = await userOf(tx, actor.id);
        if ((await repository.find(tx, actor.id))?.confirmedAt)
          throw new AppError('SECOND_FACTOR_ALREADY_ENROLLED');
        const secret = newTotpSecret();
        await repository.savePending(tx, actor.id, secretBox.seal(secret));
        await auditOwn(tx, actor, 'second-factor-enrol', null);
        const uri = otpauthUri(secret, user.email);
        return { secret, otpauthUri: uri, qrCode: await qrCodeDataUrl(uri) };
      });
    },

    /**
     * Confirms the pending enrolment with a first code; answers the recovery codes (shown this once). The
     * session making the request counts as proven from now on.
     */
    async confirm(
      actor: Actor,
      request: { sessionId: string; address: string },
      code: string,
    ): Promise<RecoveryCodes> {
      const user = await userOf(db, actor.id);
      const factor = await repository.find(db, actor.id);
      if (!factor) throw new AppError('SECOND_FACTOR_NOT_ENROLLED');
      if (factor.confirmedAt) throw new AppError('SECOND_FACTOR_ALREADY_ENROLLED');
      if (!(await throttle.check(user.email, request.address)).allowed)
        throw new AppError('TOO_MANY_REQUESTS');
      const step = await verifyTotp(secretBox.open(factor.secret), code, null);
      if (step === null) {
        await throttle.recordFailure(user.email, request.address);
        throw new AppError('SECOND_FACTOR_CODE_WRONG');
      }
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await db.transaction(async (tx) => {
        if (!(await repository.confirm(tx, actor.id, step)))
          throw new AppError('SECOND_FACTOR_ALREADY_ENROLLED');
        await repository.replaceRecoveryCodes(tx, actor.id, recoveryCodes.map(hashRecoveryCode));
        await repository.markChanged(tx, actor.id);
        await sessions.markVerified(tx, { id: request.sessionId });
        await auditOwn(tx, actor, 'second-factor-confirm', null);
      });
      return { recoveryCodes };
    },

    /** Switches the own second factor off, with a current code; refused where the role requires one. */
    async disable(actor: Actor, request: { address: string }, code: string): Promise<void> {
      const user = await userOf(db, actor.id);
      if (await isRequired(db, user.role)) throw new AppError('SECOND_FACTOR_REQUIRED_FOR_ROLE');
      await withProof(actor, request, code, async (tx, proof) => {
        await repository.remove(tx, actor.id);
        await repository.markChanged(tx, actor.id);
        await auditOwn(tx, actor, 'second-factor-disable', { proof });
      });
    },

    /** Ten new recovery codes (shown once) for a current code; the old ones no longer open anything. */
    async renewRecoveryCodes(
      actor: Actor,
      request: { address: string },
      code: string,
    ): Promise<RecoveryCodes> {
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await withProof(actor, request, code, async (tx, proof) => {
        await repository.replaceRecoveryCodes(tx, actor.id, recoveryCodes.map(hashRecoveryCode));
        await auditOwn(tx, actor, 'second-factor-recovery-codes-renewed', { proof });
      });
      return { recoveryCodes };
    },

    /** An admin's reset of another user's second factor: it is gone and every session of the user ends. */
    async reset(userId: string, actor: Actor): Promise<void> {
      if (userId === actor.id) throw new AppError('OWN_USER');
      await db.transaction(async (tx) => {
        await userOf(tx, userId);
        if (!(await repository.remove(tx, userId))) throw new AppError('SECOND_FACTOR_NOT_ENROLLED');
        await repository.markChanged(tx, userId);
        await sessions.destroyAllOfUser(tx, userId);
        await identity.endSessions(tx, userId);
        await recordAudit(tx, {
          actor,
          entityType: 'user',
          entityId: userId,
          action: 'second-factor-reset',
          before: null,
          after: { sessionsEnded: true },
        });
      });
    },

    /**
     * Step-up: the session proves the user's strongest factor again — a code of the app or a recovery
     * code when one is set up, else the password — and may do dangerous actions for the next minutes.
     * Wrong answers count like wrong passwords; each step-up is audited.
     */
    async stepUp(
      actor: Actor,
      request: { sessionId: string; address: string },
      input: StepUp,
    ): Promise<void> {
      if (deps.managedByIssuer) throw new AppError('SECOND_FACTOR_AT_ISSUER');
      const user = await userOf(db, actor.id);
      const enrolled = Boolean((await repository.find(db, actor.id))?.confirmedAt);
      if (!(await throttle.check(user.email, request.address)).allowed)
        throw new AppError('TOO_MANY_REQUESTS');
      // The password is checked before the transaction: the identity service reads on its own connection.
      const passwordRight =
        !enrolled && 'password' in input && (await deps.identity.checkPassword(actor.id, input.password));
      const proven = await db.transaction(async (tx) => {
        let proof: SecondFactorProof | 'password' | null = passwordRight ? 'password' : null;
        if (enrolled && 'code' in input) proof = await prove(tx, actor.id, input.code);
        if (!proof) return false;
        await sessions.markVerified(tx, { id: request.sessionId });
        await auditOwn(tx, actor, 'step-up', {
          proof,
          ...(proof === 'recovery-code'
            ? { recoveryCodesLeft: await repository.recoveryCodesLeft(tx, actor.id) }
            : {}),
        });
        return true;
      });
      if (!proven) {
        await throttle.recordFailure(user.email, request.address);
        throw new AppError(enrolled ? 'SECOND_FACTOR_CODE_WRONG' : 'CURRENT_PASSWORD_WRONG');
      }
    },

    /** Whether the role must use a second factor (master data). */
    isRequiredFor: (role: string) => isRequired(db, role),

    /** Whether sign-in must ask this user for a code. */
    async isEnrolled(userId: string): Promise<boolean> {
      return Boolean((await repository.find(db, userId))?.confirmedAt);
    },

    /**
     * The second step of signing in: a code of the app or a recovery code. A used recovery code is
     * audited (the user should know how many are left).
     */
    async proveAtSignIn(userId: string, code: string): Promise<SecondFactorProof | null> {
      return db.transaction(async (tx) => {
        const proof = await prove(tx, userId, code);
        if (proof === 'recovery-code') {
          const user = await userOf(tx, userId);
          await auditOwn(tx, { id: user.id, name: user.username }, 'second-factor-recovery-code-used', {
            recoveryCodesLeft: await repository.recoveryCodesLeft(tx, userId),
          });
        }
        return proof;
      });
    },
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
