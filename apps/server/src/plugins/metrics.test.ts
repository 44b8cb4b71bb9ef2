/**
 * `/metrics`: who may scrape it (loopback not forwarded, or the bearer token), what it answers (the metric
 * families, request durations by route pattern with bounded labels), and that bridge calls and ingested
 * rounds are counted when they really happen. The registry is one per process: tests compare before/after.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { PLATFORM_API_PREFIX, type Bridge } from '@backoffice/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridgeSimulator, type BridgeSimulator } from '../../../../tools/bridge-simulator/simulator';
import { createTestApp, describeEachEngine, type TestContext } from '../test/app';
import { apiKeyFor, round, seedPlatformFixture } from '../test/platform';

const TOKEN = 'metrics-token-0123456789abcdefghijklmnop';
const REMOTE = '203.0.113.7';
const BRIDGE_SECRET = 'metrics-bridge-secret-0123456789';

type Labels = Record<string, string>;

/** The samples of the text format: name, labels, value. */
function samples(text: string): { name: string; labels: Labels; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Labels = {};
      for (const [, name, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
        labels[name!] = value!;
      }
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The sum of the samples of `name` whose labels include `labels`. */
function valueOf(text: string, name: string, labels: Labels = {}): number {
  return samples(text)
    .filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value))
    .reduce((sum, s) => sum + s.value, 0);
}

/** The label sets of the request duration histogram (one series each). */
function httpSeries(text: string): string[] {
  return samples(text)
    .filter((s) => s.name === 'backoffice_http_request_duration_seconds_count')
    .map((s) => JSON.stringify(s.labels));
}

const FAMILIES = [
  'backoffice_http_request_duration_seconds',
  'backoffice_job_runs_total',
  'backoffice_job_run_duration_seconds',
  'backoffice_bridge_call_duration_seconds',
  'backoffice_ingested_rounds_total',
  'backoffice_cpv_results_total',
  'backoffice_process_cpu_seconds_total',
];
const POOL_FAMILIES = [
  'backoffice_db_pool_clients',
  'backoffice_db_pool_idle_clients',
  'backoffice_db_pool_waiting_requests',
  'backoffice_db_pool_max_clients',
];

describeEachEngine('metrics', (ctx) => {
  const scrape = (options: Partial<InjectOptions> = {}) =>
    ctx().app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', ...options });
  const metrics = async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  describe('from loopback', () => {
    it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])(
      'answers the metric families to %s',
      async (address) => {
        const response = await scrape({ remoteAddress: address });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
        expect(response.headers['cache-control']).toBe('no-store');
        for (const family of FAMILIES) expect(response.body).toContain(`# TYPE ${family} `);
        // Known results are there from the start, at zero or more.
        expect(response.body).toMatch(/^backoffice_ingested_rounds_total\{result="inserted"\} \d+$/m);
        expect(response.body).toMatch(/^backoffice_cpv_results_total\{result="mismatch"\} \d+$/m);
      },
    );

    it('needs no session and no token', async () => {
      const response = await scrape({ headers: {} });
      expect(response.statusCode).toBe(200);
    });

    it('answers over a real connection to 127.0.0.1, and refuses one a local proxy forwarded', async () => {
      const test = await createTestApp(ctx().engine, { METRICS_TOKEN: TOKEN });
      try {
        await test.app.listen({ host: '127.0.0.1', port: 0 });
        const { port } = test.app.server.address() as AddressInfo;
        const url = `http://127.0.0.1:${port}/metrics`;
        const direct = await fetch(url);
        expect(direct.status).toBe(200);
        expect(direct.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
        expect(await direct.text()).toContain('# TYPE backoffice_http_request_duration_seconds histogram');
        const forwarded = await fetch(url, { headers: { 'x-forwarded-for': REMOTE } });
        expect(forwarded.status).toBe(401);
        await forwarded.arrayBuffer();
        const withToken = await fetch(url, {
          headers: { 'x-forwarded-for': REMOTE, authorization: `Bearer ${TOKEN}` },
        });
        expect(withToken.status).toBe(200);
        await withToken.arrayBuffer();
      } finally {
        await test.close();
      }
    });

    it.each([
      ['x-forwarded-for', REMOTE],
      ['forwarded', `for=${REMOTE}`],
      ['x-real-ip', REMOTE],
      ['x-forwarded-proto', 'https'],
    ])('treats a loopback request with %s as forwarded by a proxy: refused', async (header, value) => {
      const response = await scrape({ headers: { [header]: value } });
      expect(response.statusCode).toBe(401);
    });
  });

  it('is documented in the OpenAPI description, with its text answer and its refusal', async () => {
    const document = (await ctx().inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, { content: object }> }>>;
    }>();
    const responses = document.paths['/metrics']!.get!.responses;
    expect(Object.keys(responses).sort()).toEqual(['200', '401']);
    expect(Object.keys(responses['200']!.content)).toEqual(['text/plain']);
  });

  describe('from elsewhere', () => {
    let withToken: TestContext & { close(): Promise<void> };
    let behindProxy: TestContext & { close(): Promise<void> };
    beforeAll(async () => {
      withToken = await createTestApp(ctx().engine, { METRICS_TOKEN: TOKEN });
      behindProxy = await createTestApp(ctx().engine, { METRICS_TOKEN: TOKEN, TRUST_PROXY: 'true' });
    });
    afterAll(async () => {
      await withToken?.close();
      await behindProxy?.close();
    });

    const remote = (test: TestContext, headers: Record<string, string> = {}) =>
      test.app.inject({ method: 'GET', url: '/metrics', remoteAddress: REMOTE, headers });

    it('refuses a caller without the token with 401, the same answer whether or not a token is configured', async () => {
      const withoutConfigured = await remote(ctx());
      const withoutSent = await remote(withToken);
      const withTokenSent = await remote(ctx(), { authorization: `Bearer ${TOKEN}` });
      for (const response of [withoutConfigured, withoutSent, withTokenSent]) {
        expect(response.statusCode).toBe(401);
        expect(response.json().code).toBe('UNAUTHENTICATED');
        expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(response.body).not.toContain('backoffice_');
      }
      expect(withoutSent.body).toBe(withoutConfigured.body);
      expect(withTokenSent.body).toBe(withoutConfigured.body);
    });

    it.each([
      ['a wrong token', `Bearer ${TOKEN.slice(0, -1)}x`],
      ['a longer token', `Bearer ${TOKEN}x`],
      ['a prefix of the token', `Bearer ${TOKEN.slice(0, 8)}`],
      ['the token as Basic credentials', `Basic ${TOKEN}`],
      ['the bare token', TOKEN],
      ['an empty bearer', 'Bearer '],
    ])('refuses %s', async (_label, authorization) => {
      const response = await remote(withToken, { authorization });
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('backoffice_');
    });

    it('answers the right token from anywhere', async () => {
      for (const scheme of ['Bearer', 'bearer']) {
        const response = await remote(withToken, { authorization: `${scheme} ${TOKEN}` });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('# TYPE backoffice_http_request_duration_seconds histogram');
      }
    });

    it('does not take X-Forwarded-For for the caller, even with a trusted proxy', async () => {
      for (const test of [ctx(), behindProxy]) {
        for (const forwardedFor of ['127.0.0.1', '::1', `127.0.0.1, ${REMOTE}`]) {
          const response = await remote(test, { 'x-forwarded-for': forwardedFor });
          expect(response.statusCode, `${forwardedFor}`).toBe(401);
        }
      }
    });

    it('answers the token through a trusted proxy', async () => {
      const response = await remote(behindProxy, {
        'x-forwarded-for': REMOTE,
        authorization: `Bearer ${TOKEN}`,
      });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('HTTP requests', () => {
    it('are counted by route pattern and status', async () => {
      const before = await metrics();
      const id = randomUUID();
      const found = await ctx().inject({ method: 'GET', url: '/api/jurisdictions' });
      expect(found.statusCode).toBe(200);
      const missing = await ctx().inject({ method: 'GET', url: `/api/jurisdictions/${id}` });
      expect(missing.statusCode).toBe(404);
      const after = await metrics();
      const count = (text: string, route: string, status: string) =>
        valueOf(text, 'backoffice_http_request_duration_seconds_count', { method: 'GET', route, status });
      expect(count(after, '/api/jurisdictions', '200') - count(before, '/api/jurisdictions', '200')).toBe(1);
      expect(
        count(after, '/api/jurisdictions/:id', '404') - count(before, '/api/jurisdictions/:id', '404'),
      ).toBe(1);
      expect(after).not.toContain(id);
      // The durations are observed in seconds: a sum, and buckets up to +Inf.
      expect(
        valueOf(after, 'backoffice_http_request_duration_seconds_bucket', {
          route: '/api/jurisdictions',
          status: '200',
          le: '+Inf',
        }),
      ).toBe(count(after, '/api/jurisdictions', '200'));
    });

    it('count unknown paths under one label, so that random paths create no new series', async () => {
      const first = `/api/nowhere-${randomUUID()}`;
      expect((await ctx().inject({ method: 'GET', url: first })).statusCode).toBe(404);
      const before = await metrics();
      const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
      const countBefore = valueOf(before, 'backoffice_http_request_duration_seconds_count', unmatched);
      expect(countBefore).toBeGreaterThan(0);
      const paths = [`/api/nowhere-${randomUUID()}`, `/elsewhere-${randomUUID()}/x?y=${randomUUID()}`];
      for (const url of paths) expect((await ctx().inject({ method: 'GET', url })).statusCode).toBe(404);
      const after = await metrics();
      expect(valueOf(after, 'backoffice_http_request_duration_seconds_count', unmatched)).toBe(
        countBefore + 2,
      );
      // The scrape between adds /metrics' own series once (it was scraped before this test too).
      expect(httpSeries(after).sort()).toEqual(httpSeries(before).sort());
      for (const url of [first, ...paths]) expect(after).not.toContain(url.split('?')[0]);
    });

    it('count /metrics itself in one series, however often it is scraped', async () => {
      await metrics();
      const before = await metrics();
      for (let i = 0; i < 5; i += 1) await metrics();
      const after = await metrics();
      const own = { method: 'GET', route: '/metrics', status: '200' };
      expect(valueOf(after, 'backoffice_http_request_duration_seconds_count', own)).toBe(
        valueOf(before, 'backoffice_http_request_duration_seconds_count', own) + 6,
      );
      // One series per status (200 here, 401 for the refusals above), not one per scrape.
      const own200 = (text: string) => httpSeries(text).filter((s) => s === JSON.stringify(own));
      expect(own200(after)).toHaveLength(1);
      expect(httpSeries(after).sort()).toEqual(httpSeries(before).sort());
    });
  });

  it('reports the database pool on PostgreSQL, and leaves it out on PGlite', async () => {
    const text = await metrics();
    if (ctx().engine === 'pglite') {
      for (const family of POOL_FAMILIES) expect(text).not.toContain(family);
      return;
    }
    for (const family of POOL_FAMILIES) expect(text).toContain(`# TYPE ${family} gauge`);
    // Several apps may be open in this process: the pools add up, each of 10 connections at most.
    const max = valueOf(text, 'backoffice_db_pool_max_clients');
    expect(max).toBeGreaterThanOrEqual(10);
    expect(max % 10).toBe(0);
    const total = valueOf(text, 'backoffice_db_pool_clients');
    expect(total).toBeGreaterThanOrEqual(1);
    expect(total).toBeLessThanOrEqual(max);
    expect(valueOf(text, 'backoffice_db_pool_idle_clients')).toBeLessThanOrEqual(total);
    expect(valueOf(text, 'backoffice_db_pool_waiting_requests')).toBe(0);

    // A closed app's pool is no longer counted.
    const other = await createTestApp(ctx().engine);
    const withOther = valueOf(await metrics(), 'backoffice_db_pool_max_clients');
    expect(withOther).toBe(max + 10);
    await other.close();
    expect(valueOf(await metrics(), 'backoffice_db_pool_max_clients')).toBe(max);
  });

  describe('bridge calls', () => {
    let simulator: BridgeSimulator;
    beforeAll(async () => {
      simulator = await startBridgeSimulator({ secret: BRIDGE_SECRET });
    });
    afterAll(() => simulator?.close());

    async function bridge(secret: string): Promise<Bridge> {
      const response = await ctx().inject({
        method: 'POST',
        url: '/api/bridges',
        payload: { name: `Bridge ${randomUUID()}`, routerUrl: simulator.url, properties: {}, secret },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Bridge>();
    }

    it('are counted by operation and outcome, with their latency', async () => {
      const good = await bridge(BRIDGE_SECRET);
      const bad = await bridge('not-the-secret-of-this-bridge');
      const calls = (text: string, outcome: string) =>
        valueOf(text, 'backoffice_bridge_call_duration_seconds_count', { operation: 'health', outcome });
      const before = await metrics();
      for (const { id } of [good, good, bad]) {
        await ctx().inject({ method: 'POST', url: `/api/bridges/${id}/health-check` });
      }
      const after = await metrics();
      expect(calls(after, 'ok') - calls(before, 'ok')).toBe(2);
      expect(calls(after, 'BRIDGE_REJECTED_SIGNATURE') - calls(before, 'BRIDGE_REJECTED_SIGNATURE')).toBe(1);
      const seconds = (text: string) =>
        valueOf(text, 'backoffice_bridge_call_duration_seconds_sum', { operation: 'health', outcome: 'ok' });
      expect(seconds(after)).toBeGreaterThan(seconds(before));
    });
  });

  describe('ingested rounds', () => {
    let key: string;
    beforeAll(async () => {
      await seedPlatformFixture(ctx().database.db, {
        casinos: ['metrics-casino'],
        integrations: { 'metrics-int': ['metrics-casino'] },
        games: { 'metrics-game': 96 },
      });
      key = await apiKeyFor(ctx().database.db, 'metrics-int');
    });

    it('are counted as inserted, updated and unchanged', async () => {
      const send = async (rounds: ReturnType<typeof round>[]) => {
        const response = await ctx().app.inject({
          method: 'POST',
          url: `${PLATFORM_API_PREFIX}/rounds`,
          headers: { authorization: `Bearer ${key}` },
          payload: { rounds },
        });
        expect(response.statusCode, response.body).toBe(200);
      };
      const base = { casinoId: 'metrics-casino', gameId: 'metrics-game' };
      const open = round({ ...base, roundId: `m-${randomUUID()}`, status: 'open', credit: 0 });
      const other = round({ ...base, roundId: `m-${randomUUID()}` });
      const counts = async () => {
        const text = await metrics();
        return Object.fromEntries(
          ['inserted', 'updated', 'unchanged'].map((result) => [
            result,
            valueOf(text, 'backoffice_ingested_rounds_total', { result }),
          ]),
        );
      };
      const before = await counts();
      await send([open, other]);
      await send([other]);
      await send([{ ...open, status: 'completed', updatedAt: '2026-03-10T12:05:00.000Z' }]);
      const after = await counts();
      expect({
        inserted: after.inserted! - before.inserted!,
        updated: after.updated! - before.updated!,
        unchanged: after.unchanged! - before.unchanged!,
      }).toEqual({ inserted: 2, updated: 1, unchanged: 1 });
    });
  });
});
