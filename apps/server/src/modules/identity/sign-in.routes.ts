/**
 * Our own sign-in page for the embedded identity server: the provider sends the browser here (an
 * "interaction"); a right e-mail and password finish the login and the provider continues the code flow.
 * A user with a second factor is asked for its code next (issue 15); the password step is kept in the
 * interaction until then, and only the code finishes the login (with `amr` saying which factors).
 */
import { isLanguage, type Language } from '@backoffice/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type default as Provider } from 'oidc-provider';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { recordAudit } from '../audit/audit.service';
import type { SecondFactorService } from '../second-factor/second-factor.service';
import type { IdentityService } from './identity.service';
import { OIDC_PREFIX, OIDC_SCOPES } from './oidc-provider';
import { secondFactorPage, signInPage } from './sign-in-page';
import type { SignInThrottle } from './sign-in-throttle';

const credentials = z.object({
  email: z.string().trim().max(254).default(''),
  password: z.string().max(256).default(''),
});
const secondFactorForm = z.object({ code: z.string().trim().max(64).default('') });

/** The password step waits this long for the code; then the password is asked again. */
export const SECOND_FACTOR_STEP_TTL_MS = 10 * 60 * 1000;

/** What the interaction keeps between the password and the code. */
const pendingSchema = z.object({ accountId: z.string(), email: z.string(), at: z.number() });
type Pending = z.infer<typeof pendingSchema>;

function pendingOf(details: { result?: Record<string, unknown> | undefined }): Pending | undefined {
  const parsed = pendingSchema.safeParse(details.result?.secondFactorPending);
  return parsed.success && Date.now() - parsed.data.at < SECOND_FACTOR_STEP_TTL_MS ? parsed.data : undefined;
}

/** The language the back office asked for (ui_locales of the authorization request), else the request's. */
function pageLanguage(request: FastifyRequest, details: { params: Record<string, unknown> }): Language {
  const requested = String(details.params.ui_locales ?? '').split(' ')[0];
  return isLanguage(requested) ? requested : request.language;
}

export const signInRoutes: FastifyPluginAsync<{
  provider: Provider;
  identity: IdentityService;
  throttle: SignInThrottle;
  database: Database;
  secondFactors: Pick<SecondFactorService, 'isEnrolled' | 'proveAtSignIn'>;
}> = async (app, { provider, identity, throttle, database, secondFactors }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const access = { access: 'public' as const };

  /**
   * The interaction this browser is in. When the identity server's session it began under has ended since
   * (the user signed out in another tab while this one was on its way here), its authorization request is
   * made again as it was first made, same state and PKCE challenge: this tab then signs in afresh, and
   * lands where it was going, instead of meeting an error. Undefined then: the browser is on its way.
   */
  async function interactionOf(request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) {
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch (error) {
      const { uid } = request.params;
      // Only for the interaction this browser holds (its cookie is scoped to this very path).
      if (
        !(error instanceof errors.SessionNotFound) ||
        request.cookies[provider.cookieName('interaction')] !== uid
      )
        throw error;
      const interaction = await provider.Interaction.find(uid);
      if (!interaction) throw error;
      const asked = Object.entries(interaction.params).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      );
      await interaction.destroy();
      await reply
        .header('cache-control', 'no-store')
        .redirect(`${OIDC_PREFIX}/auth?${new URLSearchParams(asked).toString()}`, 303);
      return undefined;
    }
  }

  app.get<{ Params: { uid: string } }>(
    `${OIDC_PREFIX}/interaction/:uid`,
    { config: access },
    async (request, reply) => {
      const details = await interactionOf(request, reply);
      if (!details) return reply;
      if (details.prompt.name !== 'login') {
        // No consent screen for our first-party client: grant what it asked for and continue.
        const grant = new provider.Grant({
          clientId: String(details.params.client_id),
          accountId: details.session!.accountId,
        });
        grant.addOIDCScope(OIDC_SCOPES);
        const grantId = await grant.save();
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { consent: { grantId } },
          { mergeWithLastSubmission: true },
        );
        return;
      }
      if (pendingOf(details)) {
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(
            secondFactorPage({
              language: pageLanguage(request, details),
              action: `${OIDC_PREFIX}/interaction/${details.uid}/second-factor`,
            }),
          );
      }
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          signInPage({
            language: pageLanguage(request, details),
            action: `${OIDC_PREFIX}/interaction/${details.uid}/login`,
          }),
        );
    },
  );

  app.post<{ Params: { uid: string } }>(
    `${OIDC_PREFIX}/interaction/:uid/login`,
    { config: access },
    async (request, reply) => {
      const details = await interactionOf(request, reply);
      if (!details) return reply;
      const { email, password } = credentials.parse(request.body ?? {});
      const address = request.ip;
      const again = (status: number, error: 'BAD_CREDENTIALS' | 'TOO_MANY_REQUESTS', retryAfter?: number) => {
        if (retryAfter) reply.header('retry-after', String(retryAfter));
        return reply
          .code(status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(
            signInPage({
              language: pageLanguage(request, details),
              action: `${OIDC_PREFIX}/interaction/${details.uid}/login`,
              email,
              error,
            }),
          );
      };

      const verdict = await throttle.check(email, address);
      if (!verdict.allowed) return again(429, 'TOO_MANY_REQUESTS', verdict.retryAfterSeconds);

      const userId = email && password ? await identity.authenticate(email, password) : null;
      if (!userId) {
        await throttle.recordFailure(email, address);
        await recordAudit(database.db, {
          actor: null,
          entityType: 'sign-in',
          entityId: email.toLowerCase() || '(empty)',
          action: 'sign-in-failed',
          before: null,
          after: { address },
        });
        return again(401, 'BAD_CREDENTIALS');
      }
      if (await secondFactors.isEnrolled(userId)) {
        // Not yet a success: the throttle's failures stay counted until the code is right too.
        details.result = { secondFactorPending: { accountId: userId, email, at: Date.now() } };
        await details.persist();
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(
            secondFactorPage({
              language: pageLanguage(request, details),
              action: `${OIDC_PREFIX}/interaction/${details.uid}/second-factor`,
            }),
          );
      }
      await throttle.recordSuccess(email, address, userId);
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: userId, amr: ['pwd'] } },
        { mergeWithLastSubmission: false },
      );
    },
  );

  app.post<{ Params: { uid: string } }>(
    `${OIDC_PREFIX}/interaction/:uid/second-factor`,
    { config: access },
    async (request, reply) => {
      const details = await interactionOf(request, reply);
      if (!details) return reply;
      const language = pageLanguage(request, details);
      const pending = pendingOf(details);
      if (!pending) {
        // No password step (or too long ago): start with the password again.
        return reply.redirect(`${OIDC_PREFIX}/interaction/${details.uid}`, 303);
      }
      const { code } = secondFactorForm.parse(request.body ?? {});
      const { email, accountId } = pending;
      const address = request.ip;
      const again = (
        status: number,
        error: 'SECOND_FACTOR_CODE_WRONG' | 'TOO_MANY_REQUESTS',
        retryAfter?: number,
      ) => {
        if (retryAfter) reply.header('retry-after', String(retryAfter));
        return reply
          .code(status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(
            secondFactorPage({
              language,
              action: `${OIDC_PREFIX}/interaction/${details.uid}/second-factor`,
              error,
            }),
          );
      };

      const verdict = await throttle.check(email, address);
      if (!verdict.allowed) return again(429, 'TOO_MANY_REQUESTS', verdict.retryAfterSeconds);

      const proof = code ? await secondFactors.proveAtSignIn(accountId, code) : null;
      if (!proof) {
        // A wrong code counts like a wrong password.
        await throttle.recordFailure(email, address);
        await recordAudit(database.db, {
          actor: null,
          entityType: 'sign-in',
          entityId: email.toLowerCase(),
          action: 'sign-in-failed',
          before: null,
          after: { address, step: 'second-factor' },
        });
        return again(401, 'SECOND_FACTOR_CODE_WRONG');
      }
      await throttle.recordSuccess(email, address, accountId);
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        // RFC 8176: the password and a one-time code; a recovery code is a second factor, not an app's code.
        { login: { accountId, amr: proof === 'otp' ? ['pwd', 'otp', 'mfa'] : ['pwd', 'mfa'] } },
        { mergeWithLastSubmission: false },
      );
    },
  );
};
