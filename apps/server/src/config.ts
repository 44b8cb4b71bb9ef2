/** Server configuration: read once from the environment, validated, with safe defaults for local use. */
import { STEP_UP_MAX_AGE_MS } from '@backoffice/contracts';
import { z } from 'zod';

const DEV_SESSION_SECRET = 'local-development-secret-do-not-use-in-production';
const DEV_SECRETS_KEY = 'local-development-secrets-key-do-not-use-in-production';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_SECRET: z.string().min(1).default(DEV_SESSION_SECRET),
  /** Encrypts secrets at rest (provider, operator and bridge secrets, signing keys, second factors). */
  SECRETS_KEY: z.string().min(1).default(DEV_SECRETS_KEY),
  /** Earlier SECRETS_KEY values, comma-separated: still read until `rotate-secrets` re-encrypted all. */
  SECRETS_KEY_PREVIOUS: z.string().optional(),
  TRUST_PROXY: booleanFlag.default(false),
  WEB_DIST_DIR: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * `acr` values of the external issuer that mean a second factor was used, comma-separated; its `amr`
   * (RFC 8176: mfa, otp, hwk, …) counts without them.
   */
  OIDC_MFA_ACR_VALUES: z.string().optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(12),
  /**
   * How long a proof of the strongest factor lets a session do dangerous actions (step-up, issue 15): at
   * most the 5 minutes the product promises; shorter where an operator (or a test) wants it.
   */
  STEP_UP_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(STEP_UP_MAX_AGE_MS / 1000)
    .default(STEP_UP_MAX_AGE_MS / 1000),
  /**
   * How long an activation change may wait for its bridge's confirmation before admins and developers
   * see an alert and a significant event is recorded (issue 18).
   */
  CONFIG_DELIVERY_ALERT_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(24 * 3600)
    .default(120),
  BOOTSTRAP_ADMIN_EMAIL: z.email().optional(),
  BOOTSTRAP_ADMIN_PASSWORD: z.string().min(12).optional(),
  /** Bearer token that opens `/metrics` to callers other than loopback; unset, only loopback may scrape. */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces (it travels in an Authorization header)')
    .optional(),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Empty strings count as unset, so `FOO= npm start` behaves like leaving FOO out. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  const production = e.NODE_ENV === 'production';

  const problems: string[] = [];
  if (e.OIDC_ISSUER && !(e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET)) {
    problems.push('OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: required with OIDC_ISSUER');
  }
  if (!!e.BOOTSTRAP_ADMIN_EMAIL !== !!e.BOOTSTRAP_ADMIN_PASSWORD) {
    problems.push('BOOTSTRAP_ADMIN_EMAIL, BOOTSTRAP_ADMIN_PASSWORD: set both or neither');
  }
  if (publicUrl.protocol === 'https:' && !e.TRUST_PROXY) {
    // We speak plain http behind a TLS-terminating proxy; without trusting it, every URL we build
    // (identity server, redirects, Secure cookies) would say http.
    problems.push(
      'TRUST_PROXY: set it to true when PUBLIC_URL is https (the server runs behind a TLS proxy)',
    );
  }
  if (e.SECRETS_KEY === e.SESSION_SECRET) {
    problems.push('SECRETS_KEY: must not be the SESSION_SECRET (one key, one purpose)');
  }
  if (production) {
    if (e.SESSION_SECRET === DEV_SESSION_SECRET || e.SESSION_SECRET.length < 32) {
      problems.push('SESSION_SECRET: set a random secret of at least 32 characters in production');
    }
    if (e.SECRETS_KEY === DEV_SECRETS_KEY || e.SECRETS_KEY.length < 32) {
      problems.push('SECRETS_KEY: set a random key of at least 32 characters in production');
    }
    if (!e.DATABASE_URL) {
      problems.push(
        'DATABASE_URL: production needs a PostgreSQL server; the embedded database is for local use',
      );
    }
    if (publicUrl.protocol !== 'https:') {
      problems.push('PUBLIC_URL: production must be served over https');
    }
    if (e.METRICS_TOKEN !== undefined && e.METRICS_TOKEN.length < 32) {
      problems.push('METRICS_TOKEN: set a random token of at least 32 characters in production (or none)');
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: e.NODE_ENV,
    production,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    database: e.DATABASE_URL
      ? ({ kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE } as const)
      : ({ kind: 'pglite', dataDir: e.DATA_DIR } as const),
    logLevel: e.LOG_LEVEL,
    sessionSecret: e.SESSION_SECRET,
    secretsKeys: {
      current: e.SECRETS_KEY,
      previous: (e.SECRETS_KEY_PREVIOUS ?? '')
        .split(',')
        .map((key) => key.trim())
        .filter((key) => key !== ''),
    },
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    oidc: e.OIDC_ISSUER
      ? ({
          kind: 'external',
          issuer: new URL(e.OIDC_ISSUER),
          clientId: e.OIDC_CLIENT_ID!,
          clientSecret: e.OIDC_CLIENT_SECRET!,
          mfaAcrValues: (e.OIDC_MFA_ACR_VALUES ?? '')
            .split(',')
            .map((value) => value.trim())
            .filter((value) => value !== ''),
        } as const)
      : ({ kind: 'embedded', issuer: new URL('/oidc', publicUrl) } as const),
    session: {
      idleTimeoutMs: e.SESSION_IDLE_MINUTES * 60_000,
      maxLifetimeMs: e.SESSION_MAX_HOURS * 3_600_000,
      stepUpMaxAgeMs: e.STEP_UP_MAX_AGE_SECONDS * 1000,
      /** Cookies get the Secure flag whenever users reach us over https. */
      secureCookies: publicUrl.protocol === 'https:',
    },
    metricsToken: e.METRICS_TOKEN,
    configDeliveryAlertMs: e.CONFIG_DELIVERY_ALERT_SECONDS * 1000,
    bootstrapAdmin: e.BOOTSTRAP_ADMIN_EMAIL
      ? { email: e.BOOTSTRAP_ADMIN_EMAIL, password: e.BOOTSTRAP_ADMIN_PASSWORD! }
      : undefined,
  };
}
