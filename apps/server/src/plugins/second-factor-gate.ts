/**
 * Issue 15, the two gates of the second factor, after the access plugin resolved the session:
 *
 * - Enrolment: a user whose role requires a second factor and who has none may only set one up (and sign
 *   out) — every other route answers 403 SECOND_FACTOR_ENROLMENT_REQUIRED.
 * - Step-up: a dangerous route (`config.stepUp`) needs the session to have proven the user's strongest
 *   factor within STEP_UP_MAX_AGE_MS (or the shorter STEP_UP_MAX_AGE_SECONDS) — else 403 STEP_UP_REQUIRED, and nothing happened: the check runs
 *   after validation (bad input still answers 400 first) and before the handler. The web app then asks
 *   for a code (or the password, or a new sign-in at an external issuer) and sends the request again.
 */
import { enrolmentRequired, STEP_UP_MAX_AGE_MS } from '@backoffice/contracts';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { Principal } from './access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route stays reachable while a required second factor is missing (enrolment, sign-out). */
    duringEnrolment?: boolean;
    /**
     * The route needs a recent proof of the strongest factor: always (`true`), or when the validated
     * request says so (a close that books money; a change of the roles that must use a second factor).
     */
    stepUp?: true | ((request: FastifyRequest) => boolean | Promise<boolean>);
  }
}

/** Whether the session proved the user's strongest factor recently enough for a dangerous action. */
export function recentlyVerified(
  principal: Pick<Principal, 'verifiedAt'>,
  maxAgeMs = STEP_UP_MAX_AGE_MS,
  now = Date.now(),
): boolean {
  const at = principal.verifiedAt?.getTime();
  return at !== undefined && now - at <= maxAgeMs;
}

export const secondFactorGatePlugin = fp<{ stepUpMaxAgeMs?: number }>(
  async (app, { stepUpMaxAgeMs = STEP_UP_MAX_AGE_MS }) => {
    app.addHook('onRequest', async (request) => {
      const principal = request.principal;
      if (!principal || request.routeOptions.config?.duringEnrolment) return;
      if (enrolmentRequired(principal.secondFactor)) throw new AppError('SECOND_FACTOR_ENROLMENT_REQUIRED');
    });

    app.addHook('preHandler', async (request) => {
      const stepUp = request.routeOptions.config?.stepUp;
      const principal = request.principal;
      if (!stepUp || !principal || recentlyVerified(principal, stepUpMaxAgeMs)) return;
      if (stepUp === true || (await stepUp(request))) throw new AppError('STEP_UP_REQUIRED');
    });
  },
  { name: 'second-factor-gate', dependencies: ['access'] },
);
