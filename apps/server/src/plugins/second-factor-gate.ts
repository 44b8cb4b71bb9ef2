/**
 * Issue 15: a user whose role requires a second factor and who has none may only set one up (and sign
 * out) — every other route answers 403 SECOND_FACTOR_ENROLMENT_REQUIRED. Runs after the access plugin,
 * which resolved the session.
 */
import { enrolmentRequired } from '@backoffice/contracts';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route stays reachable while a required second factor is missing (enrolment, sign-out). */
    duringEnrolment?: boolean;
  }
}

export const secondFactorGatePlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      const principal = request.principal;
      if (!principal || request.routeOptions.config?.duringEnrolment) return;
      if (enrolmentRequired(principal.secondFactor)) throw new AppError('SECOND_FACTOR_ENROLMENT_REQUIRED');
    });
  },
  { name: 'second-factor-gate', dependencies: ['access'] },
);
