/**
 * The embedded OpenID provider (oidc-provider) at /oidc, used when no external issuer is configured.
 * Code flow with PKCE for everyone, refresh tokens for our first-party client without a consent screen,
 * storage and signing keys in the database, our own sign-in page (sign-in.routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import Provider, { type ClientMetadata, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { deriveKey } from '../../lib/crypto';
import type { SecretBox } from '../../lib/secret-box';
import { createOidcAdapterClass } from './oidc-adapter';
import { loadSigningKeys } from './signing-keys';
import { findIdentityAccount } from './accounts';

export const OIDC_PREFIX = '/oidc';
export const BACKOFFICE_CLIENT_ID = 'backoffice';
export const OIDC_SCOPES = 'openid email profile offline_access';
/** The identity server's session cookie, sent for the whole site: our sign-out ends that session too. */
export const IDENTITY_SESSION_COOKIE = '_session';

/** The client secret of our own BFF at the embedded provider, derived from SESSION_SECRET. */
export function embeddedClientSecret(config: Config): string {
  return deriveKey(config.sessionSecret, 'oidc-client-secret').toString('base64url');
}

export function backofficeClient(config: Config): ClientMetadata {
  return {
    client_id: BACKOFFICE_CLIENT_ID,
    client_secret: embeddedClientSecret(config),
    client_name: 'Back Office',
    redirect_uris: [new URL('/auth/callback', config.publicUrl).href],
    post_logout_redirect_uris: [new URL('/', config.publicUrl).href],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><link rel="stylesheet" href="/auth/assets/identity.css"></head><body><main class="card">${body}</main></body></html>`;
}

export async function createEmbeddedProvider(options: {
  config: Config;
  database: Database;
  /** Opens the signing keys, which are stored sealed (issue 15). */
  secrets: SecretBox;
  /** Further clients, e.g. another back office signing in through this one as its external issuer. */
  extraClients?: ClientMetadata[];
}): Promise<Provider> {
  const { config, database } = options;
  const lifetimeSeconds = Math.floor(config.session.maxLifetimeMs / 1000);
  const configuration: Configuration = {
    adapter: createOidcAdapterClass(database.db),
    clients: [backofficeClient(config), ...(options.extraClients ?? [])],
    jwks: { keys: await loadSigningKeys(database, options.secrets) },
    cookies: {
      keys: [deriveKey(config.sessionSecret, 'oidc-cookies').toString('base64url')],
      names: { session: IDENTITY_SESSION_COOKIE },
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile', 'offline_access'],
    claims: {
      // amr: which factors the sign-in used (RFC 8176) — the BFF learns from it that a second factor was.
      openid: ['sub', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
    },
    findAccount: (_ctx, sub) => findIdentityAccount(database.db, sub),
    interactions: { url: (_ctx, interaction) => `${OIDC_PREFIX}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // Our BFF already ended its own session; end this one too without asking again.
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          ctx.body = page(
            'Sign out',
            `${form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>')}<p>…</p><noscript><button form="op.logoutForm" type="submit">Sign out</button></noscript><script src="/auth/assets/auto-submit.js"></script>`,
          );
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          ctx.body = page('Signed out', '<h1>Signed out</h1><p><a href="/">Back Office</a></p>');
        },
      },
    },
    // Refresh tokens for our own client's sessions, without offline_access consent.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // First-party clients: no consent screen; the grant covers our scopes.
    loadExistingGrant: async (ctx) => {
      const session = ctx.oidc.session!;
      const clientId = ctx.oidc.client!.clientId;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId: session.accountId! });
      grant.addOIDCScope(OIDC_SCOPES);
      await grant.save();
      session.grantIdFor(clientId, grant.jti);
      return grant;
    },
    ttl: {
      AccessToken: 10 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      RefreshToken: lifetimeSeconds,
      Session: lifetimeSeconds,
      Grant: lifetimeSeconds,
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page(
        'Error',
        `<h1>Sign-in failed</h1><p>${String(out.error_description ?? out.error).replace(/[<>&"]/g, '')}</p><p><a href="/">Back Office</a></p>`,
      );
    },
  };
  const provider = new Provider(config.oidc.issuer.href.replace(/\/$/, ''), configuration);
  provider.proxy = config.trustProxy;
  return provider;
}

/**
 * Hands every /oidc request except our own sign-in pages to the provider, untouched by Fastify's body
 * parsing (the provider reads the raw request itself).
 */
export function mountProvider(app: FastifyInstance, provider: Provider): void {
  const callback = provider.callback();
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.raw.url ?? '';
    const mounted =
      url === OIDC_PREFIX || url.startsWith(`${OIDC_PREFIX}/`) || url.startsWith(`${OIDC_PREFIX}?`);
    if (!mounted || url.startsWith(`${OIDC_PREFIX}/interaction/`)) {
      done();
      return;
    }
    reply.hijack();
    const raw = request.raw as typeof request.raw & { originalUrl?: string };
    raw.originalUrl = url;
    raw.url = url.slice(OIDC_PREFIX.length) || '/';
    reply.raw.setHeader('x-content-type-options', 'nosniff');
    reply.raw.setHeader('referrer-policy', 'no-referrer');
    reply.raw.setHeader(
      'content-security-policy',
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
    );
    void callback(raw, reply.raw);
  });
}
