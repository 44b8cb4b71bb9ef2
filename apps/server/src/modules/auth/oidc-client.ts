/**
 * The back office as a confidential OpenID client (BFF): code flow with PKCE, refresh-token grant and
 * RP-initiated logout, against the embedded provider (reached in-process) or an external issuer.
 */
import * as client from 'openid-client';
import type { Config } from '../../config';
import { OIDC_SCOPES } from '../identity/oidc-provider';

export type FetchImplementation = (url: string, init: RequestInit) => Promise<Response>;

export interface TokenSet {
  accessToken: string;
  refreshToken: string | undefined;
  idToken: string | undefined;
  /** Epoch milliseconds. */
  accessTokenExpiresAt: number | undefined;
}

export interface LoginRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

function toTokenSet(response: client.TokenEndpointResponse, previous?: TokenSet): TokenSet {
  return {
    accessToken: response.access_token,
    // A refresh answer without a new refresh token keeps the old one valid.
    refreshToken: response.refresh_token ?? previous?.refreshToken,
    idToken: response.id_token ?? previous?.idToken,
    accessTokenExpiresAt: response.expires_in ? Date.now() + response.expires_in * 1000 : undefined,
  };
}

/** True when the identity server refused a refresh with 400 (invalid_grant and the like). */
export function isRefreshRejected(error: unknown): boolean {
  return error instanceof client.ResponseBodyError && error.status === 400;
}

export function createOidcClient(options: {
  config: Config;
  clientId: string;
  clientSecret: string;
  /** In-process transport to the embedded provider (no network hop, no TLS to ourselves). */
  fetch?: FetchImplementation | undefined;
}) {
  const { config } = options;
  const redirectUri = new URL('/auth/callback', config.publicUrl).href;
  const postLogoutRedirectUri = new URL('/', config.publicUrl).href;
  let discovered: Promise<client.Configuration> | undefined;

  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(
        config.oidc.issuer,
        options.clientId,
        undefined,
        client.ClientSecretBasic(options.clientSecret),
        {
          ...(options.fetch ? { [client.customFetch]: options.fetch } : {}),
          ...(config.oidc.issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
        },
      )
      .catch((error: unknown) => {
        discovered = undefined; // try again on the next sign-in
        throw error;
      });
    return discovered;
  }

  return {
    /** `maxAge` 0 makes the issuer authenticate the user again even in a live session of its own (step-up). */
    async startLogin(language: string, options: { maxAge?: number } = {}): Promise<LoginRequest> {
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: OIDC_SCOPES,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ui_locales: language,
        ...(options.maxAge !== undefined ? { max_age: String(options.maxAge) } : {}),
      });
      return { url, state, nonce, codeVerifier };
    },

    async finishLogin(
      callbackUrl: URL,
      checks: { state: string; nonce: string; codeVerifier: string },
    ): Promise<{
      subject: string;
      email: string | undefined;
      emailVerified: boolean;
      /** How the user authenticated (RFC 8176): `pwd`, and `otp`/`mfa` when a second factor was used. */
      amr: string[];
      /** The authentication context class, where the issuer names one. */
      acr: string | undefined;
      /** When the user authenticated at the issuer (epoch seconds), where it says. */
      authTime: number | undefined;
      tokens: TokenSet;
    }> {
      const response = await client.authorizationCodeGrant(await configuration(), callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = response.claims();
      if (!claims) throw new Error('no ID token claims');
      return {
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : undefined,
        emailVerified: claims.email_verified !== false,
        amr: Array.isArray(claims.amr) ? claims.amr.filter((method) => typeof method === 'string') : [],
        acr: typeof claims.acr === 'string' ? claims.acr : undefined,
        authTime: typeof claims.auth_time === 'number' ? claims.auth_time : undefined,
        tokens: toTokenSet(response),
      };
    },

    async refresh(tokens: TokenSet): Promise<TokenSet> {
      if (!tokens.refreshToken) throw new Error('no refresh token');
      return toTokenSet(await client.refreshTokenGrant(await configuration(), tokens.refreshToken), tokens);
    },

    async endSessionUrl(idToken: string | undefined): Promise<string> {
      const url = client.buildEndSessionUrl(await configuration(), {
        post_logout_redirect_uri: postLogoutRedirectUri,
        ...(idToken ? { id_token_hint: idToken } : {}),
      });
      return url.href;
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
