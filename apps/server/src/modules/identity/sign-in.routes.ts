/**
 * Our own sign-in page for the embedded identity server: the provider sends the browser here (an
 * "interaction"); a right e-mail and password finish the login and the provider continues the code flow.
 */
import { isLanguage, type Language } from '@backoffice/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { recordAudit } from '../audit/audit.service';
import type { IdentityService } from './identity.service';
import { OIDC_PREFIX, OIDC_SCOPES } from './oidc-provider';
import { signInPage } from './sign-in-page';
import type { SignInThrottle } from './sign-in-throttle';

const credentials = z.object({
  email: z.string().trim().max(254).default(''),
  password: z.string().max(256).default(''),
});

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
}> = async (app, { provider, identity, throttle, database }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const access = { access: 'public' as const };

  app.get<{ Params: { uid: string } }>(
    `${OIDC_PREFIX}/interaction/:uid`,
    { config: access },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
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
      const details = await provider.interactionDetails(request.raw, reply.raw);
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
      await throttle.recordSuccess(email, address, userId);
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: userId } },
        { mergeWithLastSubmission: false },
      );
    },
  );
};
