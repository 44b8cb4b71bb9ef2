/**
 * Deny by default, checked over the whole route table: every route declares its access, and every
 * route answers every role as the permission matrix says.
 */
import {
  hasPermission,
  permissions,
  PLATFORM_API_PREFIX,
  roles,
  type Access,
  type Role,
} from '@backoffice/contracts';
import type { InjectOptions, RouteOptions } from 'fastify';

type HTTPMethods = NonNullable<InjectOptions['method']>;
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine, type SignedIn } from '../test/app';

const SAMPLE_ID = '00000000-0000-4000-8000-000000000001';
/** Routes whose effect would spoil the walk for the roles after them; they have tests of their own. */
const NOT_WALKED = new Set(['POST /auth/logout']);

interface Endpoint {
  method: HTTPMethods;
  url: string;
  access: Access | undefined;
}

function endpoints(routeTable: RouteOptions[]): Endpoint[] {
  return routeTable.flatMap((route) =>
    (Array.isArray(route.method) ? route.method : [route.method])
      .filter((method) => method !== 'HEAD')
      .map((method) => ({ method: method as HTTPMethods, url: route.url, access: route.config?.access })),
  );
}

function concrete(url: string): string {
  return url.replace(/:[a-zA-Z]+/g, SAMPLE_ID).replace(/\*$/, 'x');
}

describeEachEngine('access control', (ctx) => {
  let routes: Endpoint[];
  const sessions = new Map<Role, SignedIn>();

  beforeAll(async () => {
    routes = endpoints(ctx().app.routeTable);
    for (const role of roles) sessions.set(role, await ctx().signIn(role));
  });

  it('knows a good number of routes', () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it('has a declared access on every route, and a permission of the matrix where it names one', () => {
    const undeclared = routes
      .filter((route) => route.access === undefined)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    const known = new Set<string>([...permissions, 'authenticated', 'public']);
    expect(routes.filter((route) => !known.has(route.access!))).toEqual([]);
  });

  it('keeps every /api route behind a session, except the ingest API (behind API keys)', () => {
    const open = routes.filter((route) => route.url.startsWith('/api/') && route.access === 'public');
    expect(open.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      `GET ${PLATFORM_API_PREFIX}/support-actions`,
      `POST ${PLATFORM_API_PREFIX}/players`,
      `POST ${PLATFORM_API_PREFIX}/rounds`,
      `POST ${PLATFORM_API_PREFIX}/savegames`,
      `POST ${PLATFORM_API_PREFIX}/support-actions/ack`,
    ]);
  });

  it('answers 401 UNAUTHENTICATED to every ingest route without a valid API key', async () => {
    for (const [method, path] of [
      ['POST', 'players'],
      ['POST', 'rounds'],
      ['POST', 'savegames'],
      ['GET', 'support-actions'],
      ['POST', 'support-actions/ack'],
    ] as const) {
      const response = await ctx().app.inject({
        method,
        url: `${PLATFORM_API_PREFIX}/${path}`,
        headers: { authorization: 'Bearer bok_not-a-key' },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(response.statusCode, path).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 401 UNAUTHENTICATED to every non-public route without a session', async () => {
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const response = await ctx().app.inject({
        method: route.method,
        url: concrete(route.url),
        headers: { 'x-requested-with': 'backoffice' },
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers every route for every role exactly as the permission matrix says, and never for a cache', async () => {
    const mismatches: string[] = [];
    for (const route of routes) {
      if (route.access === 'public' || NOT_WALKED.has(`${route.method} ${route.url}`)) continue;
      for (const role of roles) {
        const allowed = route.access === 'authenticated' || hasPermission(role, route.access as never);
        const response = await sessions.get(role)!.inject({
          method: route.method,
          url: concrete(route.url),
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        // Signed-in answers (the API's data, errors included) are never kept by browsers or proxies.
        if (
          route.url.startsWith('/api/') &&
          !route.url.startsWith('/api/docs/static') &&
          response.headers['cache-control'] !== 'no-store'
        ) {
          mismatches.push(
            `${route.method} ${route.url} as ${role}: cache-control ${response.headers['cache-control']}`,
          );
        }
        const refused = response.statusCode === 403 && response.json().code === 'NO_PERMISSION';
        if (allowed === refused || response.statusCode === 401) {
          mismatches.push(
            `${route.method} ${route.url} as ${role}: ${response.statusCode} (allowed: ${allowed})`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  describe('changing requests (CSRF)', () => {
    it('refuses a change without the custom header, and writes nothing', async () => {
      const admin = sessions.get('admin')!;
      const response = await ctx().app.inject({
        method: 'POST',
        url: '/api/jurisdictions',
        headers: { cookie: admin.headers.cookie! },
        payload: { name: 'Forged' },
      });
      expect(response.statusCode).toBe(403);
      const list = await admin.inject({ method: 'GET', url: '/api/jurisdictions', query: { q: 'Forged' } });
      expect(list.json().total).toBe(0);
    });

    it('refuses a change from a foreign origin, even with the header', async () => {
      const response = await sessions.get('admin')!.inject({
        method: 'POST',
        url: '/api/jurisdictions',
        headers: { origin: 'https://evil.example' },
        payload: { name: 'Forged' },
      });
      expect(response.statusCode).toBe(403);
    });

    it('accepts a change from our own origin', async () => {
      const response = await sessions.get('admin')!.inject({
        method: 'POST',
        url: '/api/jurisdictions',
        headers: { origin: 'http://localhost:3000' },
        payload: { name: 'Same origin' },
      });
      expect(response.statusCode).toBe(201);
    });
  });
});
