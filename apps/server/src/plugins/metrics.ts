/**
 * Metrics for Prometheus (docs/operations.md, Metrics): every request's duration by route pattern and
 * status, the database pool, and `GET /metrics` with the registry of `lib/metrics.ts`. The endpoint answers
 * a scraper on this machine (loopback, not forwarded by a proxy) or one with `METRICS_TOKEN` as bearer
 * token; anyone else gets the same 401 whether or not a token is configured.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import { errorResponses } from '../lib/http-schemas';
import { httpRequestDuration, metricsRegistry, observeDatabasePool } from '../lib/metrics';

/** The route label of requests that matched no route: their URLs are unbounded, this label is not. */
export const UNMATCHED_ROUTE = 'unmatched';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
/** Headers a proxy adds to what it forwards; a proxy on this machine connects from loopback too. */
const FORWARDED = /^(x-forwarded-|forwarded$|x-real-ip$)/;

/**
 * Whether the request comes from this machine. The socket's peer, not `request.ip`: with TRUST_PROXY,
 * `request.ip` is whatever X-Forwarded-For claims. And a request a local proxy forwarded is not local.
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress;
  if (peer === undefined || !LOOPBACK.test(peer)) return false;
  return !Object.keys(request.headers).some((name) => FORWARDED.test(name));
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Compares in constant time: both sides are hashed first, so neither content nor length leaks. */
function tokenMatches(sent: string, expected: string): boolean {
  return timingSafeEqual(digest(sent), digest(expected));
}

export interface MetricsOptions {
  /** METRICS_TOKEN; unset, only loopback may scrape. */
  token: string | undefined;
  database: Database;
}

export const metricsPlugin = fp<MetricsOptions>(
  async (app, { token, database }) => {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
      httpRequestDuration.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    const { poolUse } = database;
    if (poolUse) {
      const stop = observeDatabasePool(() => poolUse());
      app.addHook('onClose', async () => stop());
    }

    app.get(
      '/metrics',
      {
        // Public for the session layer: a scraper has no session; loopback or the token is checked here.
        config: { access: 'public' },
        async onRequest(request, reply) {
          if (isLoopbackRequest(request)) return;
          const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
          if (token !== undefined && match && tokenMatches(match[1]!, token)) return;
          reply.header('www-authenticate', 'Bearer realm="metrics"');
          throw new AppError('UNAUTHENTICATED');
        },
        schema: {
          tags: ['Operations'],
          summary: 'Metrics in the Prometheus text format (from loopback, or with the metrics bearer token)',
          response: {
            200: {
              description: 'The metrics',
              content: { 'text/plain': { schema: z.string() } },
            },
            ...errorResponses(401),
          },
        },
      },
      async (_request, reply) => {
        const text = await metricsRegistry.metrics();
        return reply
          .header('content-type', metricsRegistry.contentType)
          .header('cache-control', 'no-store')
          .send(text);
      },
    );
  },
  { name: 'metrics', dependencies: ['access'] },
);
