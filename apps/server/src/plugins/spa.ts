/**
 * Serves the built web app: hashed assets pre-compressed (brotli, gzip) with long caching, and index.html
 * for every other GET that is not an API path, so each screen opens directly by URL. Unknown screens get
 * the same page with a 404.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isScreenPath } from '@backoffice/contracts';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

const API_PREFIXES = ['/api/', '/auth/', '/oidc/'];

export const spaPlugin = fp<{ distDir: string | undefined }>(
  async (app, { distDir }) => {
    const indexFile = distDir ? join(distDir, 'index.html') : undefined;
    const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
    if (distDir && indexHtml) {
      // The app's files are public; the data they show comes from the API, which is not.
      await app.register(async (files) => {
        files.addHook('onRoute', (route) => {
          route.config = { ...route.config, access: 'public' };
        });
        await files.register(fastifyStatic, {
          root: distDir,
          index: false,
          wildcard: false,
          // The build writes .br and .gz next to every asset (apps/web/vite.config.ts): sent as the
          // browser accepts, without compressing on every request.
          preCompressed: true,
          setHeaders(reply, path) {
            // Vite puts a content hash in every asset name: they never change, so they may be kept forever.
            const immutable = path.startsWith(join(distDir, 'assets'));
            reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
          },
        });
      });
    } else {
      app.log.warn({ distDir }, 'web app not built: only the API is served');
    }

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const wantsPage =
        indexHtml &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !API_PREFIXES.some((prefix) => path.startsWith(prefix));
      if (!wantsPage) throw new AppError('NOT_FOUND');
      return reply
        .code(isScreenPath(path) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    });
  },
  { name: 'spa' },
);
