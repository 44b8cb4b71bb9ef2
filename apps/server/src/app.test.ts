import { errorMessage, type ErrorBody } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildApp, COMPRESS_SYNC_BELOW_BYTES, type App } from './app';
import { loadConfig } from './config';
import { createTestApp, describeEachEngine, signInTo, withSession } from './test/app';
import { createTestDatabase, type Engine } from './test/databases';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECRET_TEXT = 'connection string postgres://admin:hunter2@db.internal/prod';

/**
 * Builds an app on its own fresh database with extra environment, letting `configure` add routes
 * before the app is made ready.
 */
async function buildCustomApp(
  engine: Engine,
  env: Record<string, string> = {},
  configure: (app: App) => void = () => {},
): Promise<{ app: App; inject: App['inject']; close(): Promise<void> }> {
  const database = await createTestDatabase(engine);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, database, logger: false });
  configure(app);
  await app.ready();
  const admin = await signInTo(database, 'admin');
  return {
    app,
    /** As a signed-in admin. */
    inject: ((options: InjectOptions) => app.inject(withSession(admin.headers, options))) as App['inject'],
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

/** Drops a PostgreSQL test database whose own handle can no longer do it (it was closed already). */
async function dropPostgresDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

function expectErrorBody(
  response: { statusCode: number; headers: Record<string, unknown>; json: <T>() => T },
  expected: ErrorBody,
) {
  expect(response.statusCode).toBe(expected.statusCode);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual(expected);
}

describeEachEngine('application', (ctx) => {
  describe('operations endpoints', () => {
    it('answers /healthz with 200 ok', async () => {
      const response = await ctx().inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });

    it('answers /readyz with 200 ok while the database answers', async () => {
      const response = await ctx().inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });

    it('answers /readyz with 503 unavailable once the database is closed, while /healthz stays 200', async () => {
      const test = await createTestApp(ctx().engine);
      const rows = (await test.database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const databaseName = rows.rows[0]!.name;
      try {
        await test.database.close();
        const ready = await test.app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({ status: 'unavailable' });
        expect((await test.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        await test.app.close();
        if (test.engine === 'postgres') await dropPostgresDatabase(databaseName);
      }
    });
  });

  describe('compression', () => {
    it('compresses an answer of tens of KB as the browser takes it, in one piece with its length', async () => {
      // An audit trail page of 40 entries (not an answer kept in memory, which is compressed once).
      for (let n = 0; n < 40; n++) {
        const created = await ctx().inject({
          method: 'POST',
          url: '/api/jurisdictions',
          payload: { name: `Compressed jurisdiction ${n} ${'x'.repeat(60)}` },
        });
        expect(created.statusCode).toBe(201);
      }
      const url = '/api/audit-entries?entityType=jurisdiction&pageSize=50';
      const plain = await ctx().inject({ method: 'GET', url });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      // Above the 8 KB where the compression plugin would stream it on two cores, below our limit.
      expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024);
      expect(plain.rawPayload.length).toBeLessThan(COMPRESS_SYNC_BELOW_BYTES);
      const expand = { br: brotliDecompressSync, gzip: gunzipSync };
      for (const encoding of ['br', 'gzip'] as const) {
        const compressed = await ctx().inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': encoding },
        });
        expect(compressed.headers['content-encoding']).toBe(encoding);
        expect(compressed.headers['transfer-encoding']).toBeUndefined();
        expect(Number(compressed.headers['content-length'])).toBe(compressed.rawPayload.length);
        expect(expand[encoding](compressed.rawPayload).toString()).toBe(plain.body);
      }
    });
  });

  describe('security headers', () => {
    it.each([
      ['an API answer', 'GET', '/api/jurisdictions', 200],
      ['an API error answer', 'GET', '/api/nowhere', 404],
      ['a health answer', 'GET', '/healthz', 200],
    ])('are set on %s', async (_label, method, url, status) => {
      const response = await ctx().inject({ method: method as 'GET', url });
      expect(response.statusCode).toBe(status);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    });

    it('leaves HSTS out over plain http', async () => {
      const response = await ctx().inject({ method: 'GET', url: '/api/jurisdictions' });
      expect(response.headers).not.toHaveProperty('strict-transport-security');
    });

    it('ignores x-forwarded-proto when the proxy is not trusted', async () => {
      const response = await ctx().inject({
        method: 'GET',
        url: '/api/jurisdictions',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers).not.toHaveProperty('strict-transport-security');
    });

    describe('behind a trusted proxy', () => {
      let proxied: Awaited<ReturnType<typeof buildCustomApp>>;
      beforeAll(async () => {
        proxied = await buildCustomApp(ctx().engine, { TRUST_PROXY: 'true' });
      });
      afterAll(async () => {
        await proxied?.close();
      });

      it('sends HSTS when the proxy reports https', async () => {
        const response = await proxied.inject({
          method: 'GET',
          url: '/api/jurisdictions',
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      });

      it('leaves HSTS out when the proxy reports http', async () => {
        const response = await proxied.inject({
          method: 'GET',
          url: '/api/jurisdictions',
          headers: { 'x-forwarded-proto': 'http' },
        });
        expect(response.headers).not.toHaveProperty('strict-transport-security');
      });
    });
  });

  describe('request ids', () => {
    it.each(['abc-123', 'trace.4f2_A-9', 'x'.repeat(64)])('echoes the valid incoming id %s', async (id) => {
      const response = await ctx().inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': id },
      });
      expect(response.headers['x-request-id']).toBe(id);
    });

    it.each([
      ['one with a space', 'abc 123'],
      ['one with a slash', 'a/b'],
      ['one with markup', '<script>'],
      ['one over 64 characters', 'x'.repeat(65)],
      ['an empty one', ''],
    ])('replaces %s with a generated uuid', async (_label, id) => {
      const response = await ctx().inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': id },
      });
      expect(response.headers['x-request-id']).toMatch(UUID);
    });

    it('generates a fresh uuid per request when none is sent', async () => {
      const first = await ctx().inject({ method: 'GET', url: '/healthz' });
      const second = await ctx().inject({ method: 'GET', url: '/healthz' });
      expect(first.headers['x-request-id']).toMatch(UUID);
      expect(second.headers['x-request-id']).toMatch(UUID);
      expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    });

    it('sends the request id on error answers too', async () => {
      const response = await ctx().inject({
        method: 'GET',
        url: '/api/nowhere',
        headers: { 'x-request-id': 'err-42' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['x-request-id']).toBe('err-42');
    });
  });

  describe('error answers', () => {
    it.each(['GET', 'POST', 'DELETE'] as const)(
      'answers %s on an unknown /api path with a JSON 404',
      async (method) => {
        expectErrorBody(await ctx().inject({ method, url: '/api/does-not-exist' }), {
          statusCode: 404,
          code: 'NOT_FOUND',
          message: errorMessage('NOT_FOUND', 'de'),
        });
      },
    );

    it('answers the unknown /api path in English when asked', async () => {
      const response = await ctx().inject({
        method: 'GET',
        url: '/api/does-not-exist',
        headers: { 'accept-language': 'en-US,en;q=0.9' },
      });
      expect(response.json<ErrorBody>().message).toBe('This page could not be found');
    });

    it('answers malformed JSON with 400 BAD_REQUEST and no parser internals', async () => {
      const response = await ctx().inject({
        method: 'POST',
        url: '/api/jurisdictions',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": "Malta",',
      });
      expectErrorBody(response, {
        statusCode: 400,
        code: 'BAD_REQUEST',
        message: errorMessage('BAD_REQUEST', 'de'),
      });
      expect(response.body).not.toMatch(/JSON|Unexpected|position|FST_|stack/i);
    });

    it.each(['application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
      'answers a body of type %s with 415 UNSUPPORTED_MEDIA_TYPE',
      async (contentType) => {
        expectErrorBody(
          await ctx().inject({
            method: 'POST',
            url: '/api/jurisdictions',
            headers: { 'content-type': contentType },
            payload: 'name=Malta',
          }),
          {
            statusCode: 415,
            code: 'UNSUPPORTED_MEDIA_TYPE',
            message: errorMessage('UNSUPPORTED_MEDIA_TYPE', 'de'),
          },
        );
      },
    );

    // Known gap: Fastify's built-in text/plain parser is still registered, so a text/plain body reaches
    // validation and answers 400 VALIDATION_FAILED instead of 415. Flip to `it` once the parser is removed.
    it('answers a text/plain body with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
      const response = await ctx().inject({
        method: 'POST',
        url: '/api/jurisdictions',
        headers: { 'content-type': 'text/plain' },
        payload: '{"name":"Malta"}',
      });
      expect(response.statusCode).toBe(415);
    });

    it('answers a body over 1 MiB with 413 PAYLOAD_TOO_LARGE', async () => {
      expectErrorBody(
        await ctx().inject({
          method: 'POST',
          url: '/api/jurisdictions',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024) }),
        }),
        { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: errorMessage('PAYLOAD_TOO_LARGE', 'de') },
      );
    });

    it.each([
      ['en', { name: 42 }, 'Enter text.'],
      ['de', { name: 42 }, 'Geben Sie einen Text ein.'],
      ['en', {}, 'Enter a name.'],
      ['de', { name: ' ' }, 'Geben Sie einen Namen ein.'],
    ])('says in plain words what to enter (%s, %j)', async (language, payload, message) => {
      const response = await ctx().inject({
        method: 'POST',
        url: '/api/jurisdictions',
        headers: { cookie: `lang=${language}` },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().details).toEqual([{ path: 'body.name', message }]);
    });

    describe('unexpected errors', () => {
      let withBrokenRoutes: Awaited<ReturnType<typeof buildCustomApp>>;
      beforeAll(async () => {
        withBrokenRoutes = await buildCustomApp(ctx().engine, {}, (app) => {
          app.get('/api/boom', { config: { access: 'authenticated' } }, () => {
            throw new Error(SECRET_TEXT);
          });
          app.get('/api/boom-async', { config: { access: 'authenticated' } }, async () => {
            await Promise.resolve();
            throw new TypeError(SECRET_TEXT);
          });
          app.get('/api/boom-upstream', { config: { access: 'authenticated' } }, () => {
            throw Object.assign(new Error(SECRET_TEXT), { statusCode: 502, code: 'ECONNREFUSED' });
          });
        });
      });
      afterAll(async () => {
        await withBrokenRoutes?.close();
      });

      it.each(['/api/boom', '/api/boom-async', '/api/boom-upstream'])(
        'answers %s with 500 INTERNAL and hides the original error',
        async (url) => {
          const response = await withBrokenRoutes.inject({ method: 'GET', url });
          expectErrorBody(response, {
            statusCode: 500,
            code: 'INTERNAL',
            message: errorMessage('INTERNAL', 'de'),
          });
          expect(response.body).not.toContain('hunter2');
          expect(response.body).not.toContain('postgres://');
          expect(response.body).not.toMatch(/ECONNREFUSED|TypeError|stack/);
        },
      );

      it('answers the 500 in English when asked', async () => {
        const response = await withBrokenRoutes.inject({
          method: 'GET',
          url: '/api/boom',
          headers: { cookie: 'lang=en' },
        });
        expect(response.json<ErrorBody>().message).toBe(errorMessage('INTERNAL', 'en'));
      });
    });
  });

  describe('API description', () => {
    it('serves OpenAPI 3 at /api/openapi.json with the jurisdictions paths and methods', async () => {
      const response = await ctx().inject({ method: 'GET', url: '/api/openapi.json' });
      expect(response.statusCode).toBe(200);
      const document = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
      expect(document.openapi).toMatch(/^3\./);

      const collection = Object.keys(document.paths).find((path) => /^\/api\/jurisdictions\/?$/.test(path));
      expect(collection).toBeDefined();
      expect(Object.keys(document.paths[collection!]!).sort()).toEqual(['get', 'post']);
      expect(Object.keys(document.paths['/api/jurisdictions/{id}'] ?? {}).sort()).toEqual([
        'delete',
        'get',
        'put',
      ]);
      expect(document.paths).not.toHaveProperty('/api/openapi.json');
    });

    it('documents the conflict answers of jurisdiction writes', async () => {
      const document = (await ctx().inject({ method: 'GET', url: '/api/openapi.json' })).json<{
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      }>();
      const item = document.paths['/api/jurisdictions/{id}']!;
      expect(Object.keys(item.put!.responses)).toEqual(expect.arrayContaining(['200', '400', '404', '409']));
      expect(Object.keys(item.delete!.responses)).toEqual(
        expect.arrayContaining(['204', '400', '404', '409']),
      );
    });

    it('serves the browsable docs at /api/docs', async () => {
      const response = await ctx().inject({ method: 'GET', url: '/api/docs' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    });
  });
});
