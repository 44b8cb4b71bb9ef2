import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const SAFE_SECRET = 'k3Jv9xQ2mP7rT1wZ8bN4cF6hL0sD5gYa'; // 32 characters
const SAFE_SECRETS_KEY = 'Zq8wX2vB6nM1kL9jH3gF7dS5aP0oI4uY'; // 32 characters, not the session secret
const PRODUCTION_SAFE = {
  NODE_ENV: 'production',
  SESSION_SECRET: SAFE_SECRET,
  SECRETS_KEY: SAFE_SECRETS_KEY,
  DATABASE_URL: 'postgres://backoffice@db.internal:5432/backoffice',
  PUBLIC_URL: 'https://backoffice.example.com',
  TRUST_PROXY: 'true',
};

/** Runs loadConfig and returns its ConfigError; fails the test if it does not throw one. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig defaults', () => {
  it('gives safe local defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      production: false,
      host: '127.0.0.1',
      port: 3000,
      database: { kind: 'pglite', dataDir: './data' },
      logLevel: 'info',
      trustProxy: false,
      webDistDir: undefined,
      shutdownTimeoutMs: 10_000,
    });
    expect(config.publicUrl.href).toBe('http://localhost:3000/');
    expect(config.sessionSecret.length).toBeGreaterThan(0);
  });

  it('derives the default public URL from PORT', () => {
    const config = loadConfig({ PORT: '4567' });
    expect(config.port).toBe(4567);
    expect(config.publicUrl.href).toBe('http://localhost:4567/');
  });

  it('treats empty strings as unset', () => {
    const config = loadConfig({
      NODE_ENV: '',
      HOST: '',
      PORT: '',
      PUBLIC_URL: '',
      DATABASE_URL: '',
      DATABASE_POOL_SIZE: '',
      DATA_DIR: '',
      LOG_LEVEL: '',
      SESSION_SECRET: '',
      TRUST_PROXY: '',
      WEB_DIST_DIR: '',
      SHUTDOWN_TIMEOUT_MS: '',
      METRICS_TOKEN: '',
    });
    expect(config).toEqual(loadConfig({}));
  });

  it('treats an empty DATABASE_URL in production as missing, not as invalid', () => {
    const error = configError({ ...PRODUCTION_SAFE, DATABASE_URL: '' });
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(/^DATABASE_URL:/);
  });
});

describe('loadConfig values', () => {
  it('uses PostgreSQL with its pool size when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db', DATABASE_POOL_SIZE: '25' }).database).toEqual({
      kind: 'postgres',
      url: 'postgresql://u@h/db',
      poolSize: 25,
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).database).toMatchObject({ poolSize: 10 });
  });

  it('uses PGlite in DATA_DIR without DATABASE_URL', () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/backoffice' }).database).toEqual({
      kind: 'pglite',
      dataDir: '/var/lib/backoffice',
    });
  });

  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
  ])('reads TRUST_PROXY=%s as %s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(expected);
  });

  it('takes PUBLIC_URL over the localhost default', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://bo.test:8080', PORT: '1' }).publicUrl.href).toBe(
      'http://bo.test:8080/',
    );
  });

  it('asks for a step-up after 5 minutes, or sooner where configured', () => {
    expect(loadConfig({}).session.stepUpMaxAgeMs).toBe(300_000);
    expect(loadConfig({ STEP_UP_MAX_AGE_SECONDS: '20' }).session.stepUpMaxAgeMs).toBe(20_000);
  });

  it.each(['0', '65535'])('accepts PORT %s', (port) => {
    expect(loadConfig({ PORT: port }).port).toBe(Number(port));
  });
});

describe('loadConfig rejects invalid values with a ConfigError', () => {
  it.each(['abc', '65536', '-1', '80.5'])('PORT=%s', (port) => {
    const error = configError({ PORT: port });
    expect(error.name).toBe('ConfigError');
    expect(error).toBeInstanceOf(Error);
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(/^PORT: /);
    expect(error.message).toContain('PORT');
  });

  it.each([
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'verbose'],
    ['TRUST_PROXY', 'yes'],
    ['DATABASE_URL', 'mysql://u@h/db'],
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_POOL_SIZE', '201'],
    ['PUBLIC_URL', 'not a url'],
    ['SHUTDOWN_TIMEOUT_MS', '-5'],
    // Step-up is asked for after at most 5 minutes: longer is refused.
    ['STEP_UP_MAX_AGE_SECONDS', '301'],
    ['STEP_UP_MAX_AGE_SECONDS', '2'],
  ])('%s=%s', (name, value) => {
    expect(configError({ [name]: value }).problems).toEqual([
      expect.stringMatching(new RegExp(`^${name}: `)),
    ]);
  });

  it('lists every invalid variable at once', () => {
    const problems = configError({ PORT: 'x', LOG_LEVEL: 'loud', TRUST_PROXY: 'maybe' }).problems;
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'LOG_LEVEL',
      'PORT',
      'TRUST_PROXY',
    ]);
  });
});

describe('loadConfig in production', () => {
  it('passes with a strong secret, PostgreSQL and an https public URL', () => {
    const config = loadConfig(PRODUCTION_SAFE);
    expect(config.production).toBe(true);
    expect(config.env).toBe('production');
    expect(config.database).toMatchObject({ kind: 'postgres', url: PRODUCTION_SAFE.DATABASE_URL });
    expect(config.publicUrl.protocol).toBe('https:');
    expect(config.sessionSecret).toBe(SAFE_SECRET);
  });

  it('lists all four problems when nothing is configured', () => {
    const problems = configError({ NODE_ENV: 'production' }).problems;
    expect(problems).toHaveLength(4);
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'DATABASE_URL',
      'PUBLIC_URL',
      'SECRETS_KEY',
      'SESSION_SECRET',
    ]);
  });

  it('refuses the development secrets key, a short one, and one equal to the session secret', () => {
    const devKey = loadConfig({}).secretsKeys.current;
    for (const SECRETS_KEY of [devKey, SAFE_SECRETS_KEY.slice(0, 31)]) {
      expect(configError({ ...PRODUCTION_SAFE, SECRETS_KEY }).problems).toEqual([
        expect.stringMatching(/^SECRETS_KEY: /),
      ]);
    }
    expect(configError({ ...PRODUCTION_SAFE, SECRETS_KEY: SAFE_SECRET }).problems).toEqual([
      expect.stringMatching(/^SECRETS_KEY: must not be the SESSION_SECRET/),
    ]);
    // Anywhere: one key, one purpose.
    expect(configError({ SESSION_SECRET: SAFE_SECRET, SECRETS_KEY: SAFE_SECRET }).problems).toHaveLength(1);
  });

  it('reads earlier keys for rotation', () => {
    const config = loadConfig({ ...PRODUCTION_SAFE, SECRETS_KEY_PREVIOUS: ' old-key-1 ,old-key-2,' });
    expect(config.secretsKeys).toEqual({ current: SAFE_SECRETS_KEY, previous: ['old-key-1', 'old-key-2'] });
  });

  it('refuses the built-in development secret even when set explicitly', () => {
    const devSecret = loadConfig({}).sessionSecret;
    expect(devSecret.length).toBeGreaterThanOrEqual(32); // so only the equality check can catch it
    const problems = configError({ ...PRODUCTION_SAFE, SESSION_SECRET: devSecret }).problems;
    expect(problems).toEqual([expect.stringMatching(/^SESSION_SECRET: /)]);
  });

  it('refuses a secret shorter than 32 characters', () => {
    const problems = configError({ ...PRODUCTION_SAFE, SESSION_SECRET: SAFE_SECRET.slice(0, 31) }).problems;
    expect(problems).toEqual([expect.stringMatching(/^SESSION_SECRET: /)]);
  });

  it('refuses to run without DATABASE_URL', () => {
    const { DATABASE_URL: _omitted, ...withoutDatabase } = PRODUCTION_SAFE;
    expect(configError(withoutDatabase).problems).toEqual([expect.stringMatching(/^DATABASE_URL: /)]);
  });

  it.each([
    ['an http PUBLIC_URL', { PUBLIC_URL: 'http://backoffice.example.com' }],
    ['no PUBLIC_URL (the http localhost default)', { PUBLIC_URL: '' }],
  ])('refuses %s', (_label, override) => {
    expect(configError({ ...PRODUCTION_SAFE, ...override }).problems).toEqual([
      expect.stringMatching(/^PUBLIC_URL: /),
    ]);
  });

  it('names every problem in the error message', () => {
    const error = configError({ NODE_ENV: 'production' });
    for (const problem of error.problems) expect(error.message).toContain(problem);
  });

  it('does not apply the production rules outside production', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'short' })).not.toThrow();
  });
});

describe('sign-in configuration', () => {
  it('needs the client id and secret with an external issuer', () => {
    expect(configError({ OIDC_ISSUER: 'https://id.example.com/realms/bo' }).problems.join()).toMatch(
      /OIDC_CLIENT_ID/,
    );
    const config = loadConfig({
      OIDC_ISSUER: 'https://id.example.com/realms/bo',
      OIDC_CLIENT_ID: 'backoffice',
      OIDC_CLIENT_SECRET: 'secret',
    });
    expect(config.oidc).toMatchObject({ kind: 'external', clientId: 'backoffice' });
  });

  it('runs the embedded identity server at /oidc of the public URL by default', () => {
    const config = loadConfig({ PUBLIC_URL: 'http://bo.local:8080' });
    expect(config.oidc).toEqual({ kind: 'embedded', issuer: new URL('http://bo.local:8080/oidc') });
  });

  it('defaults sessions to 30 idle minutes and 12 hours at most, and lets both be set', () => {
    expect(loadConfig({}).session).toMatchObject({
      idleTimeoutMs: 30 * 60_000,
      maxLifetimeMs: 12 * 3_600_000,
    });
    expect(loadConfig({ SESSION_IDLE_MINUTES: '5', SESSION_MAX_HOURS: '2' }).session).toMatchObject({
      idleTimeoutMs: 5 * 60_000,
      maxLifetimeMs: 2 * 3_600_000,
    });
  });

  it('wants both or neither of the bootstrap admin e-mail and password, and a long password', () => {
    expect(configError({ BOOTSTRAP_ADMIN_EMAIL: 'boss@example.com' }).problems.join()).toMatch(
      /BOOTSTRAP_ADMIN/,
    );
    expect(
      configError({
        BOOTSTRAP_ADMIN_EMAIL: 'boss@example.com',
        BOOTSTRAP_ADMIN_PASSWORD: 'short',
      }).problems.join(),
    ).toMatch(/BOOTSTRAP_ADMIN_PASSWORD/);
  });

  it('refuses an https public URL without a trusted proxy', () => {
    expect(configError({ PUBLIC_URL: 'https://bo.example.com' }).problems.join()).toMatch(/TRUST_PROXY/);
    expect(
      loadConfig({ PUBLIC_URL: 'https://bo.example.com', TRUST_PROXY: 'true' }).session.secureCookies,
    ).toBe(true);
  });
});

describe('metrics token', () => {
  it('is unset by default (only loopback may scrape /metrics) and taken as given', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'short-is-fine-locally' }).metricsToken).toBe('short-is-fine-locally');
  });

  it.each(['two words', 'tab\there', 'line\nbreak', 'umlaut-ä'])(
    'refuses %j: it must travel in an Authorization header as it is',
    (token) => {
      expect(configError({ METRICS_TOKEN: token }).problems).toEqual([
        expect.stringMatching(/^METRICS_TOKEN: /),
      ]);
    },
  );

  it('needs at least 32 characters in production, and may stay unset there', () => {
    expect(configError({ ...PRODUCTION_SAFE, METRICS_TOKEN: SAFE_SECRET.slice(0, 31) }).problems).toEqual([
      expect.stringMatching(/^METRICS_TOKEN: /),
    ]);
    expect(loadConfig({ ...PRODUCTION_SAFE, METRICS_TOKEN: SAFE_SECRET }).metricsToken).toBe(SAFE_SECRET);
    expect(loadConfig(PRODUCTION_SAFE).metricsToken).toBeUndefined();
  });
});
