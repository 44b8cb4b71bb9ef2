/**
 * Second-factor routes: the own one under /api/account/second-factor (reachable while a required one is
 * still missing) with the step-up that dangerous actions ask for, and an admin's look at and reset of
 * another user's under /api/users/:id/second-factor.
 */
import {
  recoveryCodesSchema,
  secondFactorConfirmSchema,
  secondFactorEnrolmentSchema,
  secondFactorProofSchema,
  secondFactorStatusSchema,
  stepUpSchema,
  userIdSchema,
} from '@backoffice/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http-schemas';
import { principalOf } from '../../plugins/access';
import type { SecondFactorService } from './second-factor.service';

const tags = ['My account'];
/** The enrolment routes stay open while the role's required second factor is missing. */
const own = { access: 'authenticated' as const, duringEnrolment: true };
const actorOf = (request: Parameters<typeof principalOf>[0]) => {
  const principal = principalOf(request);
  return { id: principal.userId, name: principal.username };
};

export const secondFactorAccountRoutes: FastifyPluginAsyncZod<{ service: SecondFactorService }> = async (
  app,
  { service },
) => {
  app.get(
    '/',
    {
      config: own,
      schema: {
        tags,
        summary: 'My second factor',
        response: { 200: secondFactorStatusSchema, ...errorResponses(401) },
      },
    },
    (request) => service.status(principalOf(request).userId),
  );

  app.post(
    '/enrolment',
    {
      config: own,
      schema: {
        tags,
        summary: 'Start setting up my second factor (a new secret, shown once)',
        response: { 200: secondFactorEnrolmentSchema, ...errorResponses(401, 409) },
      },
    },
    (request) => service.startEnrolment(actorOf(request)),
  );

  app.post(
    '/enrolment/confirm',
    {
      config: own,
      schema: {
        tags,
        summary: 'Confirm my second factor with a first code; answers the recovery codes (shown once)',
        body: secondFactorConfirmSchema,
        response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    (request) =>
      service.confirm(
        actorOf(request),
        { sessionId: principalOf(request).sessionId, address: request.ip },
        request.body.code,
      ),
  );

  app.post(
    '/step-up',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'Confirm it is me for the next minutes (step-up): a current code, or the password without a second factor',
        body: stepUpSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      await service.stepUp(
        actorOf(request),
        { sessionId: principalOf(request).sessionId, address: request.ip },
        request.body,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/recovery-codes',
    {
      config: own,
      schema: {
        tags,
        summary: 'Ten new recovery codes for a current code (shown once; the old ones stop working)',
        body: secondFactorProofSchema,
        response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    (request) => service.renewRecoveryCodes(actorOf(request), { address: request.ip }, request.body.code),
  );

  app.post(
    '/disable',
    {
      config: own,
      schema: {
        tags,
        summary: 'Switch my second factor off (with a current code; not where the role requires one)',
        body: secondFactorProofSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      await service.disable(actorOf(request), { address: request.ip }, request.body.code);
      return reply.code(204).send(null);
    },
  );
};

export const secondFactorAdminRoutes: FastifyPluginAsyncZod<{ service: SecondFactorService }> = async (
  app,
  { service },
) => {
  const config = { access: 'noRestrictions' as const };
  const params = z.object({ id: userIdSchema });

  app.get(
    '/:id/second-factor',
    {
      config,
      schema: {
        tags: ['Users'],
        summary: "A user's second factor",
        params,
        response: { 200: secondFactorStatusSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.status(request.params.id),
  );

  app.delete(
    '/:id/second-factor',
    {
      config: { ...config, stepUp: true },
      schema: {
        tags: ['Users'],
        summary: "Reset a user's second factor (ends the user's sessions; never the own)",
        params,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.reset(request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );
};
