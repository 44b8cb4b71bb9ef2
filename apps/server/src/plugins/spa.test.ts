import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { errorMessage, type ErrorBody } from '@backoffice/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { describeEachEngine, signInTo, withSession } from '../test/app';
import { createTestDatabase, type TestDatabase } from '../test/databases';

const INDEX_HTML =
  '<!doctype html><html><head><title>Back Office</title></head><body data-marker="spa-index"></body></html>';
const APP_JS = 'console.log("app-abc");';
/** A large asset as the build leaves it: with its brotli and gzip forms next to it. */
const BIG_JS = `export const texts = ${JSON.stringify(Array.from({ length: 400 }, (_, n) => `text number ${n}`))};`;
const SECRET = 'outside-the-dist-folder';

/** A built web app in a temporary folder, next to a file that must never be served. */
function createWebDist(): { root: string; distDir: string } {
  const root = mkdtempSync(join(tmpdir(), 'bo-spa-'));
  const distDir = join(root, 'dist');
  mkdirSync(join(distDir, 'assets'), { recursive: true });
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(distDir, 'assets', 'app-abc.js'), APP_JS);
  writeFileSync(join(distDir, 'assets', 'big-abc.js'), BIG_JS);
  writeFileSync(join(distDir, 'assets', 'big-abc.js.br'), brotliCompressSync(BIG_JS));
  writeFileSync(join(distDir, 'assets', 'big-abc.js.gz'), gzipSync(BIG_JS));
  writeFileSync(join(distDir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  writeFileSync(join(root, 'secret.txt'), SECRET);
  return { root, distDir };
}

function expectIndexPage(
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(response.body).toBe(INDEX_HTML);
}

describeEachEngine('web app serving', (ctx) => {
  describe('with a built web app', () => {
    let web: { root: string; distDir: string };
    let database: TestDatabase;
    let app: App;
    let admin: Record<string, string>;

    beforeAll(async () => {
      web = createWebDist();
      database = await createTestDatabase(ctx().engine);
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
      app = await buildApp({ config, database, webDistDir: web.distDir, logger: false });
      await app.ready();
      admin = (await signInTo(database, 'admin')).headers;
    });

    afterAll(async () => {
      await app?.close();
      await database?.destroy();
      if (web) rmSync(web.root, { recursive: true, force: true });
    });

    it.each([
      '/',
      '/masterdata/jurisdictions',
      '/masterdata/jurisdictions/create',
      '/masterdata/jurisdictions/3f2b8c1e-7d4a-4e59-9b0c-1a2b3c4d5e6f',
      '/casinos/manage/xyz',
      '/games/versions/12/copy',
      '/support/last-game-rounds',
      '/support/last-game-rounds/991',
      '/users/account/',
      '/reporting/ggr-report?from=2024-01-01&to=2024-01-31',
    ])('opens the screen %s with the index page and 200', async (url) => {
      expectIndexPage(await app.inject({ method: 'GET', url }), 200);
    });

    it('answers HEAD on a screen with 200', async () => {
      const response = await app.inject({ method: 'HEAD', url: '/masterdata/jurisdictions' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    });

    it.each([
      '/nowhere',
      '/casinos',
      '/casinos/manage/1/extra',
      '/masterdata/jurisdictions/x/y',
      '/nowhere?x=1',
    ])(
      'answers the unknown path %s with 404 but still the index page (its not-found screen)',
      async (url) => {
        expectIndexPage(await app.inject({ method: 'GET', url }), 404);
      },
    );

    it('sends the security headers with the page', async () => {
      const response = await app.inject({ method: 'GET', url: '/masterdata/jurisdictions' });
      expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });

    it('serves hashed assets with immutable long-term caching', async () => {
      const response = await app.inject({ method: 'GET', url: '/assets/app-abc.js' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(APP_JS);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('sends the pre-compressed form of an asset the browser accepts, brotli first, and caches it forever', async () => {
      const asset = (encoding?: string) =>
        app.inject({
          method: 'GET',
          url: '/assets/big-abc.js',
          headers: encoding ? { 'accept-encoding': encoding } : {},
        });
      const brotli = await asset('gzip, deflate, br');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotli.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BIG_JS);
      const gzip = await asset('gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_JS);
      const plain = await asset();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(BIG_JS);
    });

    it('compresses API answers above 1 KB, not smaller ones', async () => {
      for (let n = 0; n < 20; n += 1) {
        const created = await app.inject(
          withSession(admin, {
            method: 'POST',
            url: '/api/jurisdictions',
            payload: { name: `Compressed jurisdiction number ${n} with a longer name` },
          }),
        );
        expect(created.statusCode, created.body).toBe(201);
      }
      const list = await app.inject(
        withSession(admin, {
          method: 'GET',
          url: '/api/jurisdictions?pageSize=100',
          headers: { 'accept-encoding': 'gzip' },
        }),
      );
      expect(list.statusCode).toBe(200);
      expect(list.headers['content-encoding']).toBe('gzip');
      const body = JSON.parse(gunzipSync(list.rawPayload).toString()) as { total: number };
      expect(body.total).toBeGreaterThanOrEqual(20);
      const small = await app.inject({
        method: 'GET',
        url: '/api/jurisdictions',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(small.statusCode).toBe(401);
      expect(small.headers['content-encoding']).toBeUndefined();
    });

    it('serves other files of the build without long-term caching', async () => {
      const response = await app.inject({ method: 'GET', url: '/robots.txt' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Disallow');
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('answers a missing asset with 404', async () => {
      const response = await app.inject({ method: 'GET', url: '/assets/app-missing.js' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toBe(APP_JS);
    });

    it.each([
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/../../secret.txt',
    ])('never serves files outside the build folder (%s)', async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.body).not.toContain(SECRET);
    });

    it.each(['/api/unknown', '/api/jurisdictions/x/y/z', '/auth/nothing-here'])(
      'still answers the API path %s with a JSON 404',
      async (url) => {
        const response = await app.inject(withSession(admin, { method: 'GET', url }));
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json<ErrorBody>()).toEqual({
          statusCode: 404,
          code: 'NOT_FOUND',
          message: errorMessage('NOT_FOUND', 'de'),
        });
      },
    );

    it('answers a POST to a screen path with a JSON 404, not the page', async () => {
      const response = await app.inject({ method: 'POST', url: '/masterdata/jurisdictions', payload: {} });
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorBody>().code).toBe('NOT_FOUND');
    });

    it('keeps the API working next to the web app', async () => {
      const response = await app.inject(withSession(admin, { method: 'GET', url: '/api/jurisdictions' }));
      expect(response.statusCode).toBe(200);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ items: expect.any(Array) });
    });
  });

  describe('without a built web app', () => {
    it.each(['/masterdata/jurisdictions', '/', '/nowhere'])('answers %s with a JSON 404', async (url) => {
      const response = await ctx().inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorBody>().code).toBe('NOT_FOUND');
    });
  });
});
