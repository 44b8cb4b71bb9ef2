/**
 * Secrets at rest (issue 15): what the raw rows hold after the API stored secrets, the sealing at start of
 * rows an older version stored as entered, and a key rotation that keeps every bridge call working.
 */
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startBridgeSimulator, type BridgeSimulator } from '../../../../../tools/bridge-simulator/simulator';
import { buildApp, loggerOptions, type App, type AppOptions } from '../../app';
import { loadConfig } from '../../config';
import { rowsOf } from '../../lib/sql';
import { createSecretBox } from '../../lib/secret-box';
import { expectError } from '../../test/api';
import { describeEachEngine, signInTo, withSession, type TestContext } from '../../test/app';
import { seedPlatformFixture } from '../../test/platform';
import { testSecretBox } from '../../test/secrets';
import { rotateSecrets, sealPlaintextSecrets } from './secrets-at-rest';

const SIMULATOR_SECRET = 'simulator-shared-secret-5f1c2e0b';
const PROVIDER_SECRET = 'SECRET-provider-api-9d2b71';
const OPERATOR_SECRET = 'SECRET-operator-wallet-41aa3c';
const LEGACY_PRIVATE_PART = 'legacy-private-exponent-c0ffee';
const PLAINTEXTS = [SIMULATOR_SECRET, PROVIDER_SECRET, OPERATOR_SECRET, LEGACY_PRIVATE_PART];
/** The key of test apps (the configuration's default) and the one rotated to. */
const OLD_KEY = loadConfig({ NODE_ENV: 'test' }).secretsKeys.current;
const NEW_KEY = 'the-next-secrets-key-0123456789-abcdef';

let simulator: BridgeSimulator;
beforeAll(async () => {
  simulator = await startBridgeSimulator({ secret: SIMULATOR_SECRET });
});
afterAll(() => simulator.close());

/** Tables that keep secrets, read raw: every column of every row. */
const TABLES = ['bridges', 'game_providers', 'casinos', 'oidc_signing_keys'] as const;

describeEachEngine('secrets at rest', (ctx) => {
  const db = () => ctx().database.db;
  const started: App[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((app) => app.close()));
  });

  /** Another instance on the same database, with other keys. */
  async function instance(env: Record<string, string>, logger: AppOptions['logger'] = false) {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
    const app = await buildApp({ config, database: ctx().database, logger });
    await app.ready();
    started.push(app);
    const admin = await signInTo(ctx().database, 'admin');
    return { app, inject: (options: InjectOptions) => app.inject(withSession(admin.headers, options)) };
  }

  async function raw(table: (typeof TABLES)[number]): Promise<Record<string, unknown>[]> {
    return rowsOf(await db().execute(sql`select * from ${sql.identifier(table)}`));
  }

  async function expectNoPlaintext() {
    for (const table of TABLES) {
      const text = JSON.stringify(await raw(table));
      for (const plaintext of PLAINTEXTS) expect(text, `${table} holds a plaintext`).not.toContain(plaintext);
    }
  }

  async function createdBridge(inject = ctx().inject, secret = SIMULATOR_SECRET): Promise<string> {
    const response = await inject({
      method: 'POST',
      url: '/api/bridges',
      payload: { name: `Bridge ${Math.random()}`, routerUrl: simulator.url, properties: {}, secret },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  const healthCheck = (id: string, inject = ctx().inject) =>
    inject({ method: 'POST', url: `/api/bridges/${id}/health-check` });

  it('stores bridge, provider and operator secrets and the signing keys sealed: no plaintext in a raw row', async () => {
    const bridgeId = await createdBridge();
    const provider = await ctx().inject({
      method: 'POST',
      url: '/api/game-providers',
      payload: {
        id: 'sealed-relax',
        name: 'Sealed Relax',
        api: 'relax',
        config: { apiUrl: 'https://relax.example.com/api', apiSecret: PROVIDER_SECRET, operatorId: '42' },
      },
    });
    expect(provider.statusCode, provider.body).toBe(201);
    const jurisdiction = await ctx().inject({
      method: 'POST',
      url: '/api/jurisdictions',
      payload: { name: 'Sealed jurisdiction' },
    });
    expect(jurisdiction.statusCode, jurisdiction.body).toBe(201);
    const casino = await ctx().inject({
      method: 'POST',
      url: '/api/casinos',
      payload: {
        id: 'sealed-casino',
        name: 'Sealed Casino',
        bridgeId,
        api: 'seamlessWallet',
        config: {
          apiUrl: 'https://wallet.example/api',
          secret: OPERATOR_SECRET,
          operatorId: 'op-1',
          currency: 'EUR',
          locale: 'de-DE',
        },
        jurisdictionId: jurisdiction.json<{ id: string }>().id,
        showGameLaunchPage: true,
        cheatingAllowed: false,
        sendEventMessages: true,
        gameRoundValidityPeriodDays: 30,
        properties: {},
        providerConfigs: [],
        optionValues: [],
      },
    });
    expect(casino.statusCode, casino.body).toBe(201);

    await expectNoPlaintext();
    // What is stored opens to what was entered (the key is the app's, not the session secret).
    const box = testSecretBox();
    const [bridge] = (await raw('bridges')).filter((row) => row.id === bridgeId);
    expect(box.open(bridge!.secret as string)).toBe(SIMULATOR_SECRET);
    const [providerRow] = (await raw('game_providers')).filter((row) => row.id === 'sealed-relax');
    expect(box.open((providerRow!.secrets as Record<string, string>).apiSecret!)).toBe(PROVIDER_SECRET);
    const [casinoRow] = (await raw('casinos')).filter((row) => row.id === 'sealed-casino');
    expect(box.open((casinoRow!.secrets as Record<string, string>).secret!)).toBe(OPERATOR_SECRET);
    expect(() =>
      createSecretBox({ current: loadConfig({ NODE_ENV: 'test' }).sessionSecret }).open(
        bridge!.secret as string,
      ),
    ).toThrow();
    // The identity server's keys: sealed JSON, no private part in the row.
    const keys = await raw('oidc_signing_keys');
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(box.isSealed(key.private_jwk as string)).toBe(true);
      const jwk = JSON.parse(box.open(key.private_jwk as string)) as { d: string };
      expect(JSON.stringify(key)).not.toContain(jwk.d);
    }

    // The sealed secret still signs what the bridge accepts; neither answers nor the trail show it.
    expect((await healthCheck(bridgeId)).statusCode).toBe(200);
    const answers = await Promise.all(
      [`/api/bridges/${bridgeId}`, '/api/game-providers/sealed-relax', '/api/casinos/sealed-casino'].map(
        (url) => ctx().inject({ method: 'GET', url }),
      ),
    );
    const trail = rowsOf(await db().execute(sql`select * from audit_entries`));
    for (const text of [...answers.map((answer) => answer.body), JSON.stringify(trail)]) {
      for (const plaintext of PLAINTEXTS) expect(text).not.toContain(plaintext);
    }
  });

  it('seals at start, once, what an older version stored as entered; the plaintext works until then', async () => {
    const [bridge] = rowsOf<{ id: string }>(
      await db().execute(sql`insert into bridges (name, router_url, secret)
        values ('Left by an older version', ${simulator.url}, ${SIMULATOR_SECRET}) returning id`),
    );
    await db().execute(
      sql`update game_providers set secrets = ${JSON.stringify({ apiSecret: PROVIDER_SECRET })}::jsonb
        where id = 'sealed-relax'`,
    );
    await db().execute(
      sql`update casinos set secrets = ${JSON.stringify({ secret: OPERATOR_SECRET })}::jsonb
        where id = 'sealed-casino'`,
    );
    const legacyJwk = { kty: 'RSA', kid: 'legacy', n: 'AQAB', e: 'AQAB', d: LEGACY_PRIVATE_PART };
    await db().execute(sql`insert into oidc_signing_keys (kid, private_jwk, retired_at)
      values ('legacy', ${JSON.stringify(legacyJwk)}::jsonb, now())`);
    // A rolling deploy: a new instance reads what an older one wrote before anything sealed it.
    expect((await healthCheck(bridge!.id)).statusCode).toBe(200);

    const pass = await sealPlaintextSecrets(db(), testSecretBox());
    expect(pass).toMatchObject({ bridges: 1, gameProviders: 1, casinos: 1, signingKeys: 1, total: 4 });
    await expectNoPlaintext();
    const [key] = (await raw('oidc_signing_keys')).filter((row) => row.kid === 'legacy');
    expect(JSON.parse(testSecretBox().open(key!.private_jwk as string))).toEqual(legacyJwk);
    expect(await sealPlaintextSecrets(db(), testSecretBox())).toMatchObject({ total: 0 });
    expect((await healthCheck(bridge!.id)).statusCode).toBe(200);
  });

  it('logs no secret: writes, bridge calls and their failures', async () => {
    const lines: string[] = [];
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace' });
    const logged = await instance(
      { LOG_LEVEL: 'trace' },
      {
        ...loggerOptions(config),
        stream: { write: (line: string) => lines.push(line) },
      },
    );
    const id = await createdBridge(logged.inject);
    expect((await healthCheck(id, logged.inject)).statusCode).toBe(200);
    const wrong = await createdBridge(logged.inject, `${OPERATOR_SECRET}-wrong`);
    expectError(await healthCheck(wrong, logged.inject), 502, 'BRIDGE_REJECTED_SIGNATURE');
    // Sealed under a key no instance has: answered clearly, and nothing of it in the log either.
    const stranger = createSecretBox({ current: 'a-key-that-no-instance-was-given-0123' });
    await db().execute(
      sql`update bridges set secret = ${stranger.seal(OPERATOR_SECRET)} where id = ${wrong}`,
    );
    expectError(await healthCheck(wrong, logged.inject), 503, 'SECRET_UNREADABLE');
    // (Gone again: rotation below would stop at it, as it should.)
    await db().execute(sql`delete from bridges where id = ${wrong}`);
    expect(lines.length).toBeGreaterThan(0);
    for (const plaintext of PLAINTEXTS) expect(lines.join('\n')).not.toContain(plaintext);
  });

  it('rotates: the old key reads until rotate-secrets re-sealed everything, then pushes and checks go on', async () => {
    await seedPlatformFixture(db(), {
      casinos: ['rotation-casino'],
      integrations: { 'rotation-int': ['rotation-casino'] },
      games: {},
    });
    const [fixture] = rowsOf<{ bridge_id: string }>(
      await db().execute(sql`select bridge_id from integrations where id = 'rotation-int'`),
    );
    const bridgeId = fixture!.bridge_id;
    await db().execute(sql`update bridges set router_url = ${simulator.url},
      secret = ${testSecretBox().seal(SIMULATOR_SECRET)} where id = ${bridgeId}`);
    const push = (inject: TestContext['inject']) =>
      inject({ method: 'POST', url: '/api/integrations/rotation-int/push', payload: { version: 1 } });

    // The new key is set, the old one kept for reading: everything sealed before still works.
    const both = await instance({ SECRETS_KEY: NEW_KEY, SECRETS_KEY_PREVIOUS: OLD_KEY });
    expect((await healthCheck(bridgeId, both.inject)).statusCode).toBe(200);
    /** When the simulator last received the integration's configuration. */
    const received = () =>
      simulator.configurations().find((entry) => entry.integrationId === 'rotation-int')?.receivedAt;
    const firstPush = await push(both.inject);
    expect(firstPush.statusCode, firstPush.body).toBe(200);
    const firstReceived = received();
    expect(firstReceived).toBeDefined();

    const newBox = createSecretBox({ current: NEW_KEY, previous: [OLD_KEY] });
    const rotated = await rotateSecrets(db(), newBox);
    expect(rotated.bridges).toBeGreaterThanOrEqual(2);
    expect(rotated).toMatchObject({ gameProviders: 1, casinos: 1 });
    expect(rotated.signingKeys).toBeGreaterThanOrEqual(2);
    expect(await rotateSecrets(db(), newBox)).toMatchObject({ total: 0 });
    // The rotation is in the audit trail (counts, no value); the pass that changed nothing is not.
    const rotations = rowsOf<{ changes: Record<string, { after: unknown }> }>(
      await db().execute(
        sql`select changes from audit_entries where entity_type = 'secrets' and action = 'rotate'`,
      ),
    );
    expect(rotations).toHaveLength(1);
    expect(rotations[0]!.changes.bridges!.after).toBe(rotated.bridges);
    expect(rotations[0]!.changes.signingKeys!.after).toBe(rotated.signingKeys);
    await expectNoPlaintext();
    const sealedValues = [
      ...(await raw('bridges')).map((row) => row.secret as string).filter(Boolean),
      ...(await raw('game_providers')).flatMap((row) => Object.values(row.secrets as Record<string, string>)),
      ...(await raw('casinos')).flatMap((row) => Object.values(row.secrets as Record<string, string>)),
      ...(await raw('oidc_signing_keys')).map((row) => row.private_jwk as string),
    ];
    expect(sealedValues.every((value) => newBox.isCurrent(value))).toBe(true);

    // The previous key removed: a new instance starts (its signing keys open), checks and pushes.
    const onlyNew = await instance({ SECRETS_KEY: NEW_KEY });
    expect((await healthCheck(bridgeId, onlyNew.inject)).statusCode).toBe(200);
    const secondPush = await push(onlyNew.inject);
    expect(secondPush.statusCode, secondPush.body).toBe(200);
    expect(received()).not.toBe(firstReceived);

    // An instance without the key: a clear answer, no cipher details; it cannot start the identity server.
    const response = await healthCheck(bridgeId);
    const body = expectError(response, 503, 'SECRET_UNREADABLE');
    expect(body.message).toMatch(/SECRETS_KEY_PREVIOUS/);
    expect(response.body).not.toMatch(/unknown key|decrypt|auth/i);
    expectError(await push(ctx().inject), 503, 'SECRET_UNREADABLE');
    await expect(
      buildApp({
        config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
        database: ctx().database,
        logger: false,
      }),
    ).rejects.toThrow(/unknown key.*SECRETS_KEY_PREVIOUS/);
    // Rotating with a box that lacks a key changes nothing.
    const before = await Promise.all(TABLES.map(raw));
    await expect(rotateSecrets(db(), testSecretBox())).rejects.toThrow(/unknown key/);
    expect(await Promise.all(TABLES.map(raw))).toEqual(before);
  });
});
