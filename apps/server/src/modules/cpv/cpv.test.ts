/**
 * CPV checks end to end: the API queues a check, it runs (in-process here, in the background, as the app
 * runs without a job engine) against the real bridge simulator and a small HTTP server of frontends, and
 * appends its results.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  cpvBridgeComponent,
  roles,
  hasPermission,
  type Alert,
  type AlertList,
  type CpvCheck,
  type CpvCheckResult,
  type CpvComponentList,
  type Page,
} from '@backoffice/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BRIDGE_SIMULATOR_COMPONENTS,
  startBridgeSimulator,
  tamperedHash,
  type BridgeSimulator,
} from '../../../../../tools/bridge-simulator/simulator';
import {
  alerts,
  allowedHashes,
  auditEntries,
  bridges,
  cpvCheckResults,
  cpvChecks,
  gameProviders,
  games,
  gameStudios,
  gameVersions,
  globalSettings,
  significantEvents,
} from '../../db/schema/index';
import { cpvResultsTotal } from '../../lib/metrics';
import { ENGLISH, expectError, seedAlphaAndBeta, UNKNOWN_UUID } from '../../test/api';
import { createTestApp, describeEachEngine, type SignedIn } from '../../test/app';
import { BRIDGE_TEST_TIMEOUTS, FRONTEND_TEST_TIMEOUT_MS } from '../../test/bridge-timeouts';
import { testEngines } from '../../test/databases';
import { rowsOf } from '../../lib/sql';
import { cpvCheckJobOf } from './cpv-jobs';

const SECRET = 'cpv-test-bridge-secret-0123456789';
const OPTIONS = {
  bridgeClient: BRIDGE_TEST_TIMEOUTS,
  frontend: { timeoutMs: FRONTEND_TEST_TIMEOUT_MS, maxBytes: 4_096 },
  runInProcess: true,
};

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The frontends the tests' game versions point at. */
const files: Record<string, string> = {
  '/alpha/1.0.0/index.html': '<html>alpha 1.0.0</html>',
  '/alpha/1.1.0/index.html': '<html>alpha 1.1.0, changed</html>',
  '/beta/2.0.0/index.html': '<html>beta 2.0.0</html>',
  '/huge/index.html': 'x'.repeat(5_000),
};

let simulator: BridgeSimulator;
let frontendServer: http.Server;
let frontends: string;

beforeAll(async () => {
  simulator = await startBridgeSimulator({ secret: SECRET });
  frontendServer = http.createServer((request, response) => {
    if (request.url === '/stream/index.html') {
      // No content-length: the limit must hold while reading.
      response.writeHead(200, { 'content-type': 'text/html' });
      for (let part = 0; part < 3; part++) response.write('y'.repeat(2_000));
      response.end();
      return;
    }
    if (request.url === '/hang/index.html') return; // never answers
    const body = files[request.url ?? ''];
    if (body === undefined) response.writeHead(404).end('not found');
    else response.writeHead(200, { 'content-type': 'text/html' }).end(body);
  });
  await new Promise<void>((resolve) => frontendServer.listen(0, '127.0.0.1', resolve));
  frontends = `http://127.0.0.1:${(frontendServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await simulator.close();
  frontendServer.closeAllConnections();
  await new Promise((resolve) => frontendServer.close(resolve));
});

const [simBridge, simSlots, simTable] = BRIDGE_SIMULATOR_COMPONENTS as [
  (typeof BRIDGE_SIMULATOR_COMPONENTS)[number],
  (typeof BRIDGE_SIMULATOR_COMPONENTS)[number],
  (typeof BRIDGE_SIMULATOR_COMPONENTS)[number],
];

describeEachEngine(
  'CPV checks',
  (ctx) => {
    const db = () => ctx().database.db;

    beforeEach(async () => {
      await simulator.setMode('normal');
      // Results and checks are append-only evidence and stay; everything they are about is set up anew.
      await db().delete(gameVersions);
      await db().delete(games);
      await db().delete(gameStudios);
      await db().delete(gameProviders);
      await db().delete(bridges);
      await db().delete(allowedHashes);
      await db().delete(alerts);
      await db().delete(significantEvents);
      await db().execute(sql`update global_settings set cpv_deactivate_on_mismatch = false`);
      await seedAlphaAndBeta(db());
    });

    async function version(gameId: string, versionNumber: string, path: string | null): Promise<string> {
      const [row] = await db()
        .insert(gameVersions)
        .values({ gameId, versionNumber, frontendUrl: path === null ? '' : `${frontends}${path}` })
        .returning({ id: gameVersions.id });
      return row!.id;
    }

    async function bridge(name: string, routerUrl = simulator.url, secret = SECRET): Promise<void> {
      await db().insert(bridges).values({ name, routerUrl, secret });
    }

    async function allow(component: string, hash: string, retired = false): Promise<void> {
      await db()
        .insert(allowedHashes)
        .values({ component, hash, retiredAt: retired ? new Date().toISOString() : null });
    }

    async function allowSimulator(): Promise<void> {
      for (const component of BRIDGE_SIMULATOR_COMPONENTS) await allow(component.name, component.hash);
    }

    async function start(components?: string[], user?: SignedIn): Promise<CpvCheck> {
      const options = {
        method: 'POST' as const,
        url: '/api/cpv/checks',
        payload: components ? { components } : {},
      };
      const response = await (user ? user.inject(options) : ctx().inject(options));
      expect(response.statusCode, response.body).toBe(201);
      return response.json<CpvCheck>();
    }

    async function finished(id: string): Promise<CpvCheck> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const response = await ctx().inject({ method: 'GET', url: `/api/cpv/checks/${id}` });
        expect(response.statusCode, response.body).toBe(200);
        const check = response.json<CpvCheck>();
        if (check.state === 'finished' || check.state === 'failed') return check;
        if (Date.now() > deadline) throw new Error(`check ${id} still ${check.state}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }

    async function results(query: Record<string, string>): Promise<Page<CpvCheckResult>> {
      const response = await ctx().inject({ method: 'GET', url: '/api/cpv/results', query });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Page<CpvCheckResult>>();
    }

    /** Runs a check to its end and answers it with its results by component. */
    async function check(components?: string[], user?: SignedIn) {
      const started = await start(components, user);
      const done = await finished(started.id);
      const { items } = await results({ checkId: started.id, pageSize: '100' });
      return {
        check: done,
        results: items,
        of: (component: string) => items.filter((r) => r.component === component),
      };
    }

    async function openAlerts(): Promise<AlertList> {
      const response = await ctx().inject({ method: 'GET', url: '/api/alerts' });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AlertList>();
    }

    describe('results', () => {
      it('passes a frontend and bridge components whose hashes are allowed, with progress and who asked', async () => {
        await version('alpha', '1.0.0', '/alpha/1.0.0/index.html');
        await bridge('Simulator');
        await allow('game:alpha@1.0.0', sha256(files['/alpha/1.0.0/index.html']!));
        await allow('game:alpha@1.0.0', sha256('an older build, still allowed'));
        await allowSimulator();
        const developer = await ctx().signIn('developer');
        const before = await cpvResultsTotal.get();
        const passed = (before.values.find((value) => value.labels.result === 'pass')?.value ?? 0) as number;

        const started = await start(['game:alpha@1.0.0', 'bridge:Simulator'], developer);
        expect(started).toMatchObject({
          trigger: 'manual',
          triggeredBy: developer.username,
          components: ['game:alpha@1.0.0', 'bridge:Simulator'],
        });
        const check = await finished(started.id);
        expect(check).toMatchObject({
          state: 'finished',
          total: 4,
          done: 4,
          counts: { pass: 4, mismatch: 0, unknownComponent: 0, unreachable: 0 },
          error: null,
        });
        expect(Date.parse(check.startedAt!)).toBeGreaterThanOrEqual(Date.parse(check.createdAt));
        expect(Date.parse(check.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(check.startedAt!));

        const { items } = await results({ checkId: check.id });
        expect(items.map((result) => [result.component, result.source, result.result]).sort()).toEqual([
          ['bridge-simulator', 'bridge', 'pass'],
          ['game-backend/slots', 'bridge', 'pass'],
          ['game-backend/table-games', 'bridge', 'pass'],
          ['game:alpha@1.0.0', 'game-version', 'pass'],
        ]);
        const frontend = items.find((result) => result.component === 'game:alpha@1.0.0')!;
        expect(frontend).toMatchObject({
          checkId: check.id,
          actualHash: sha256(files['/alpha/1.0.0/index.html']!),
          expectedHash: [sha256(files['/alpha/1.0.0/index.html']!), sha256('an older build, still allowed')]
            .sort()
            .join(','),
          trigger: 'manual',
          triggeredBy: developer.username,
        });
        expect(frontend.detail).toContain(`${frontends}/alpha/1.0.0/index.html`);
        expect(Math.abs(Date.parse(frontend.checkedOn) - Date.now())).toBeLessThan(60_000);
        const reported = items.find((result) => result.component === 'game-backend/slots')!;
        expect(reported).toMatchObject({ actualHash: simSlots.hash, expectedHash: simSlots.hash });
        expect(reported.detail).toBe('Reported by bridge Simulator, version 2.4.1.');

        const after = await cpvResultsTotal.get();
        expect(after.values.find((value) => value.labels.result === 'pass')?.value).toBe(passed + 4);
        const [audited] = await db()
          .select()
          .from(auditEntries)
          .where(and(eq(auditEntries.entityType, 'cpv-check'), eq(auditEntries.entityId, check.id)));
        expect(audited).toMatchObject({ action: 'create', actorName: developer.username });
        expect(await openAlerts()).toEqual({ items: [], total: 0 });
      });

      it('records a tampered bridge component as a mismatch: a significant event and one open alert', async () => {
        await bridge('Simulator');
        await allowSimulator();
        await simulator.setMode('tampered');

        const first = await check(['bridge:Simulator']);
        expect(first.check.counts).toEqual({ pass: 2, mismatch: 1, unknownComponent: 0, unreachable: 0 });
        const [mismatch] = first.of(simTable.name);
        expect(mismatch).toMatchObject({
          result: 'mismatch',
          source: 'bridge',
          expectedHash: simTable.hash,
          actualHash: tamperedHash(simTable.hash),
        });
        expect(first.of(simBridge.name)[0]?.result).toBe('pass');

        const events = await db()
          .select()
          .from(significantEvents)
          .where(eq(significantEvents.component, 'cpv'));
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({
          beforeValue: simTable.hash,
          afterValue: tamperedHash(simTable.hash),
          casinoId: null,
        });
        expect(events[0]!.reason).toContain(simTable.name);

        const alertList = await openAlerts();
        expect(alertList.total).toBe(1);
        expect(alertList.items[0]).toMatchObject({
          kind: 'cpv-mismatch',
          subject: simTable.name,
          acknowledgedAt: null,
          details: expect.objectContaining({
            checkId: first.check.id,
            actualHash: tamperedHash(simTable.hash),
          }),
        });

        // The same mismatch again: another event and result, but the open alert stays the only one.
        const second = await check(['bridge:Simulator']);
        expect(second.check.counts.mismatch).toBe(1);
        expect(
          await db().select().from(significantEvents).where(eq(significantEvents.component, 'cpv')),
        ).toHaveLength(2);
        expect((await openAlerts()).total).toBe(1);

        await simulator.setMode('normal');
        expect((await check(['bridge:Simulator'])).check.counts).toMatchObject({ pass: 3, mismatch: 0 });
      });

      it('deactivates the game version of a mismatching frontend when master data says so, audited', async () => {
        const alpha = await version('alpha', '1.1.0', '/alpha/1.1.0/index.html');
        const beta = await version('beta', '2.0.0', '/beta/2.0.0/index.html');
        await allow('game:alpha@1.1.0', sha256('the build that was certified'));
        await allow('game:beta@2.0.0', sha256('the certified beta'));

        // Off (the default): a mismatch leaves the version active.
        const off = await check(['game:beta@2.0.0']);
        expect(off.of('game:beta@2.0.0')[0]?.result).toBe('mismatch');
        expect((await db().select().from(gameVersions).where(eq(gameVersions.id, beta)))[0]?.active).toBe(
          true,
        );

        await ctx().changeBehindTheApp(() =>
          db().update(globalSettings).set({ cpvDeactivateOnMismatch: true }),
        );
        const on = await check(['game:alpha@1.1.0']);
        const [result] = on.of('game:alpha@1.1.0');
        expect(result).toMatchObject({
          result: 'mismatch',
          actualHash: sha256(files['/alpha/1.1.0/index.html']!),
          expectedHash: sha256('the build that was certified'),
        });
        const [deactivated] = await db().select().from(gameVersions).where(eq(gameVersions.id, alpha));
        expect(deactivated).toMatchObject({ active: false, version: 2 });
        const trail = await db()
          .select()
          .from(auditEntries)
          .where(and(eq(auditEntries.entityType, 'game-version'), eq(auditEntries.entityId, alpha)));
        expect(trail).toHaveLength(1);
        expect(trail[0]).toMatchObject({ action: 'deactivate', actorId: null });
        expect(trail[0]!.changes).toMatchObject({ active: { before: true, after: false } });
        const alert = (await openAlerts()).items.find((entry) => entry.subject === 'game:alpha@1.1.0');
        expect(alert?.message).toContain('deactivated');

        // Found again: no second deactivation to audit.
        await check(['game:alpha@1.1.0']);
        expect(
          await db()
            .select()
            .from(auditEntries)
            .where(and(eq(auditEntries.entityType, 'game-version'), eq(auditEntries.entityId, alpha))),
        ).toHaveLength(1);
      });

      it('calls a component without allowed hashes unknown, and says where else its hash is allowed', async () => {
        await version('alpha', '1.0.0', '/alpha/1.0.0/index.html');
        await version('beta', '2.0.0', '/beta/2.0.0/index.html');
        await allow('game:something-else@9', sha256(files['/beta/2.0.0/index.html']!));
        // Only a retired hash: no allowed hash, so unknown as well.
        await allow('game:alpha@1.0.0', sha256(files['/alpha/1.0.0/index.html']!), true);
        const { of } = await check(['game:alpha@1.0.0', 'game:beta@2.0.0']);
        expect(of('game:alpha@1.0.0')[0]).toMatchObject({ result: 'unknown-component', expectedHash: null });
        expect(of('game:beta@2.0.0')[0]).toMatchObject({ result: 'unknown-component', expectedHash: null });
        expect(of('game:beta@2.0.0')[0]?.detail).toContain('allowed for game:something-else@9');
        expect((await openAlerts()).total).toBe(0);
      });

      it('says when a mismatching hash was allowed once and retired', async () => {
        await version('alpha', '1.0.0', '/alpha/1.0.0/index.html');
        await allow('game:alpha@1.0.0', sha256(files['/alpha/1.0.0/index.html']!), true);
        await allow('game:alpha@1.0.0', sha256('its successor'));
        const [result] = (await check(['game:alpha@1.0.0'])).of('game:alpha@1.0.0');
        expect(result?.result).toBe('mismatch');
        expect(result?.detail).toContain('retired');
      });

      it('records unreachable components: a bridge that refuses, a wrong secret, a missing or oversized frontend', async () => {
        await version('alpha', '1.0.0', '/alpha/9.9.9/missing.html');
        await version('beta', '2.0.0', '/huge/index.html');
        await version('beta', '3.0.0', '/stream/index.html');
        await version('beta', '4.0.0', '/hang/index.html');
        await allow('game:alpha@1.0.0', sha256('x'));
        await bridge('Down');
        await bridge('Wrong secret', simulator.url, 'not-the-secret-of-the-simulator');
        await simulator.setMode('refuse');
        const { check: done, of } = await check([
          'game:alpha@1.0.0',
          'game:beta@2.0.0',
          'game:beta@3.0.0',
          'game:beta@4.0.0',
          'bridge:Down',
          'bridge:Wrong secret',
        ]).finally(() => simulator.setMode('normal'));
        expect(done).toMatchObject({ state: 'finished', total: 6, done: 6 });
        expect(done.counts.unreachable).toBe(6);
        expect(of('game:beta@3.0.0')[0]?.detail).toContain('larger than 4096 bytes');
        expect(of('game:beta@4.0.0')[0]?.detail).toContain(
          `no complete answer within ${FRONTEND_TEST_TIMEOUT_MS} ms`,
        );
        expect(of('bridge:Down')[0]).toMatchObject({
          source: 'bridge',
          actualHash: null,
          result: 'unreachable',
        });
        expect(of('bridge:Down')[0]?.detail).toContain('BRIDGE_UNREACHABLE');
        expect(of('bridge:Wrong secret')[0]?.detail).toContain('BRIDGE_UNREACHABLE');
        expect(of('game:alpha@1.0.0')[0]).toMatchObject({ result: 'unreachable', expectedHash: sha256('x') });
        expect(of('game:alpha@1.0.0')[0]?.detail).toContain('HTTP 404');
        expect(of('game:beta@2.0.0')[0]?.detail).toContain('larger than 4096 bytes');

        // Up again, the wrong secret is refused by the simulator.
        const again = await check(['bridge:Wrong secret']);
        expect(again.of('bridge:Wrong secret')[0]?.detail).toContain('BRIDGE_REJECTED_SIGNATURE');
        expect(again.results.some((result) => result.detail?.includes(SECRET))).toBe(false);
      });

      it('checks everything without a choice: all frontends (not the versions without one) and all bridges', async () => {
        await version('alpha', '1.0.0', '/alpha/1.0.0/index.html');
        await version('alpha', '0.9.0', null);
        await version('beta', '2.0.0', '/beta/2.0.0/index.html');
        await bridge('Simulator');
        const components = await ctx().inject({ method: 'GET', url: '/api/cpv/components' });
        expect(components.statusCode, components.body).toBe(200);
        expect(components.json<CpvComponentList>().items).toEqual([
          {
            component: 'game:alpha@1.0.0',
            source: 'game-version',
            name: 'Alpha Reels',
            url: `${frontends}/alpha/1.0.0/index.html`,
            active: true,
          },
          {
            component: 'game:beta@2.0.0',
            source: 'game-version',
            name: 'Beta Gems',
            url: `${frontends}/beta/2.0.0/index.html`,
            active: true,
          },
          {
            component: cpvBridgeComponent('Simulator'),
            source: 'bridge',
            name: 'Simulator',
            url: simulator.url,
            active: null,
          },
        ]);
        const { check: done, results: all } = await check();
        expect(done.components).toBeNull();
        expect(done.total).toBe(5);
        expect(all.map((result) => result.component).sort()).toEqual([
          'bridge-simulator',
          'game-backend/slots',
          'game-backend/table-games',
          'game:alpha@1.0.0',
          'game:beta@2.0.0',
        ]);
      });

      it('records a chosen component that is gone by the time the check runs as unreachable', async () => {
        await version('alpha', '1.0.0', '/alpha/1.0.0/index.html');
        const [queued] = await db()
          .insert(cpvChecks)
          .values({
            trigger: 'manual',
            triggeredBy: 'someone',
            components: ['game:alpha@1.0.0', 'game:alpha@0.1.0'],
          })
          .returning();
        const summary = await cpvCheckJobOf(OPTIONS).run({ db: db(), trigger: 'manual', by: 'admin' });
        expect(summary).toMatchObject({ checks: 1, unreachable: 1, unknownComponent: 1 });
        const { items } = await results({ checkId: queued!.id });
        expect(items.find((result) => result.component === 'game:alpha@0.1.0')).toMatchObject({
          result: 'unreachable',
          source: 'game-version',
        });
      });
    });

    describe('results are evidence', () => {
      it('cannot be changed or deleted, not even through SQL', async () => {
        await version('alpha', '1.0.0', '/alpha/1.0.0/index.html');
        const {
          results: [result],
        } = await check(['game:alpha@1.0.0']);
        const id = result!.id;
        await expect(
          db().execute(sql`update cpv_check_results set result = 'pass' where id = ${id}`),
        ).rejects.toThrow();
        await expect(db().execute(sql`delete from cpv_check_results where id = ${id}`)).rejects.toThrow();
        await expect(db().execute(sql`truncate cpv_check_results cascade`)).rejects.toThrow();
        const [kept] = await db().select().from(cpvCheckResults).where(eq(cpvCheckResults.id, id));
        expect(kept?.result).toBe('unknown-component');
      });
    });

    describe('the job', () => {
      it('on its schedule with nothing queued, checks all components, triggered by the schedule', async () => {
        await version('alpha', '1.0.0', '/alpha/1.0.0/index.html');
        await allow('game:alpha@1.0.0', sha256(files['/alpha/1.0.0/index.html']!));
        const summary = await cpvCheckJobOf(OPTIONS).run({ db: db(), trigger: 'schedule', by: null });
        expect(summary).toEqual({
          checks: 1,
          interrupted: 0,
          pass: 1,
          mismatch: 0,
          unknownComponent: 0,
          unreachable: 0,
        });
        const [latest] = (
          await ctx().inject({ method: 'GET', url: '/api/cpv/checks', query: { pageSize: '1' } })
        ).json<Page<CpvCheck>>().items;
        expect(latest).toMatchObject({
          trigger: 'schedule',
          triggeredBy: null,
          components: null,
          state: 'finished',
        });
        const { items } = await results({ checkId: latest!.id });
        expect(items).toEqual([
          expect.objectContaining({ result: 'pass', trigger: 'schedule', triggeredBy: null }),
        ]);
        const [stored] = await db()
          .select()
          .from(cpvCheckResults)
          .where(eq(cpvCheckResults.checkId, latest!.id));
        expect(stored?.triggeredBy).toBe('schedule');
      });

      it('runs queued checks first; the schedule still adds a full check after a partial one', async () => {
        await version('alpha', '1.0.0', '/alpha/1.0.0/index.html');
        await db()
          .insert(cpvChecks)
          .values({ trigger: 'manual', triggeredBy: 'dev', components: ['game:alpha@1.0.0'] });
        expect(await cpvCheckJobOf(OPTIONS).run({ db: db(), trigger: 'schedule', by: null })).toMatchObject({
          checks: 2,
        });
        // By hand with a queued check: only that one.
        await db()
          .insert(cpvChecks)
          .values({ trigger: 'manual', triggeredBy: 'dev', components: ['game:alpha@1.0.0'] });
        expect(await cpvCheckJobOf(OPTIONS).run({ db: db(), trigger: 'manual', by: 'admin' })).toMatchObject({
          checks: 1,
        });
        // By hand with nothing queued: a check of everything, by whoever ran the job.
        expect(await cpvCheckJobOf(OPTIONS).run({ db: db(), trigger: 'manual', by: 'admin' })).toMatchObject({
          checks: 1,
        });
        const [latest] = await db()
          .select()
          .from(cpvChecks)
          .orderBy(sql`created_at desc`)
          .limit(1);
        expect(latest).toMatchObject({ trigger: 'manual', triggeredBy: 'admin', components: null });
      });

      it('ends a check left running by a stopped server as failed', async () => {
        const [left] = await db()
          .insert(cpvChecks)
          .values({
            trigger: 'manual',
            triggeredBy: 'dev',
            state: 'running',
            startedAt: new Date().toISOString(),
          })
          .returning();
        const summary = await cpvCheckJobOf(OPTIONS).run({ db: db(), trigger: 'manual', by: null });
        expect(summary).toMatchObject({ interrupted: 1 });
        const response = await ctx().inject({ method: 'GET', url: `/api/cpv/checks/${left!.id}` });
        expect(response.json<CpvCheck>()).toMatchObject({
          state: 'failed',
          error: expect.stringContaining('interrupted'),
        });
      });

      it('is a daily job named cpv-check', () => {
        expect(cpvCheckJobOf()).toMatchObject({ name: 'cpv-check', cron: '0 3 * * *' });
      });
    });

    describe('lists', () => {
      it('lists checks newest first with paging, and filters results by component, result, check and time', async () => {
        await version('alpha', '1.0.0', '/alpha/1.0.0/index.html');
        await version('beta', '2.0.0', '/beta/2.0.0/index.html');
        await allow('game:beta@2.0.0', sha256(files['/beta/2.0.0/index.html']!));
        const first = await check(['game:alpha@1.0.0', 'game:beta@2.0.0']);
        const second = await check(['game:beta@2.0.0']);

        const page = (
          await ctx().inject({ method: 'GET', url: '/api/cpv/checks', query: { pageSize: '2' } })
        ).json<Page<CpvCheck>>();
        expect(page.items.map((entry) => entry.id)).toEqual([second.check.id, first.check.id]);
        expect(page.total).toBeGreaterThanOrEqual(2);
        expect(page.items[1]?.counts).toEqual({ pass: 1, mismatch: 0, unknownComponent: 1, unreachable: 0 });

        const since = first.check.createdAt;
        const byComponent = await results({ component: 'BETA@2', from: since });
        expect(byComponent.items.map((result) => result.checkId)).toEqual([second.check.id, first.check.id]);
        const unknown = await results({ result: 'unknown-component', from: since });
        expect(unknown.items.map((result) => result.component)).toEqual(['game:alpha@1.0.0']);
        const ofFirst = await results({ checkId: first.check.id, result: 'pass' });
        expect(ofFirst.items.map((result) => result.component)).toEqual(['game:beta@2.0.0']);
        expect((await results({ from: new Date(Date.now() + 60_000).toISOString() })).total).toBe(0);
        const until = await results({ to: first.results[0]!.checkedOn, from: since });
        expect(until.items.every((result) => result.checkId === first.check.id)).toBe(true);
        const paged = await results({ from: since, pageSize: '1', page: '2' });
        expect(paged).toMatchObject({ page: 2, pageSize: 1, total: 3 });
        expect(paged.items).toHaveLength(1);
      });
    });

    describe('alerts', () => {
      async function raise(): Promise<Alert> {
        await bridge('Simulator');
        await allowSimulator();
        await simulator.setMode('tampered');
        await check(['bridge:Simulator']).finally(() => simulator.setMode('normal'));
        const { items } = await openAlerts();
        expect(items).toHaveLength(1);
        return items[0]!;
      }

      it('are acknowledged once, audited, and a new mismatch raises a new one', async () => {
        const alert = await raise();
        const developer = await ctx().signIn('developer');
        const acknowledged = await developer.inject({
          method: 'POST',
          url: `/api/alerts/${alert.id}/acknowledge`,
        });
        expect(acknowledged.statusCode, acknowledged.body).toBe(200);
        expect(acknowledged.json<Alert>()).toMatchObject({
          id: alert.id,
          acknowledgedBy: developer.username,
        });
        expect(acknowledged.json<Alert>().acknowledgedAt).not.toBeNull();
        expect(await openAlerts()).toEqual({ items: [], total: 0 });
        const [audited] = await db()
          .select()
          .from(auditEntries)
          .where(and(eq(auditEntries.entityType, 'alert'), eq(auditEntries.entityId, alert.id)));
        expect(audited).toMatchObject({ action: 'update', actorName: developer.username });

        const twice = expectError(
          await developer.inject({
            method: 'POST',
            url: `/api/alerts/${alert.id}/acknowledge`,
            headers: ENGLISH,
          }),
          409,
          'ALERT_ALREADY_ACKNOWLEDGED',
        );
        expect(twice.message).toBe('Someone has already acknowledged this alert.');
        expectError(
          await ctx().inject({ method: 'POST', url: `/api/alerts/${UNKNOWN_UUID}/acknowledge` }),
          404,
          'ALERT_NOT_FOUND',
        );
        expectError(
          await ctx().inject({ method: 'POST', url: '/api/alerts/not-a-uuid/acknowledge' }),
          400,
          'VALIDATION_FAILED',
        );

        await simulator.setMode('tampered');
        await check(['bridge:Simulator']).finally(() => simulator.setMode('normal'));
        const reopened = await openAlerts();
        expect(reopened.total).toBe(1);
        expect(reopened.items[0]?.id).not.toBe(alert.id);
      });
    });

    describe('access and input', () => {
      it('is for admins and developers only', async () => {
        await version('alpha', '1.0.0', '/alpha/1.0.0/index.html');
        const requests = [
          { method: 'GET' as const, url: '/api/cpv/checks' },
          { method: 'GET' as const, url: `/api/cpv/checks/${UNKNOWN_UUID}` },
          { method: 'GET' as const, url: '/api/cpv/results' },
          { method: 'GET' as const, url: '/api/cpv/components' },
          { method: 'POST' as const, url: '/api/cpv/checks', payload: {} },
          { method: 'GET' as const, url: '/api/alerts' },
          { method: 'POST' as const, url: `/api/alerts/${UNKNOWN_UUID}/acknowledge` },
        ];
        for (const role of roles) {
          const user = await ctx().signIn(role);
          const allowed = role === 'admin' || role === 'developer';
          expect(hasPermission(role, 'adjustGameLaunchParameters')).toBe(allowed);
          for (const request of requests) {
            const response = await user.inject(request);
            if (allowed)
              expect(response.statusCode, `${role} ${request.method} ${request.url}`).not.toBe(403);
            else expectError(response, 403, 'NO_PERMISSION');
          }
        }
        const before = await db().select().from(cpvChecks);
        const visitor = await ctx().signIn('visitor');
        await visitor.inject({ method: 'POST', url: '/api/cpv/checks', payload: {} });
        expect(await db().select().from(cpvChecks)).toHaveLength(before.length);
        // The admin and developer runs above: let them finish before the next test.
        for (const entry of await db().select().from(cpvChecks).where(eq(cpvChecks.state, 'queued'))) {
          await finished(entry.id);
        }
      });

      it('refuses bad input with a 4xx and queues nothing', async () => {
        await version('alpha', '1.0.0', '/alpha/1.0.0/index.html');
        const before = (await db().select().from(cpvChecks)).length;
        const post = (payload: unknown) =>
          ctx().inject({ method: 'POST', url: '/api/cpv/checks', payload: payload as object });
        expectError(await post({ components: [] }), 400, 'VALIDATION_FAILED');
        expectError(await post({ components: ['alpha'] }), 400, 'VALIDATION_FAILED');
        expectError(await post({ components: 'game:alpha@1.0.0' }), 400, 'VALIDATION_FAILED');
        expectError(
          await post({ components: ['game:alpha@1.0.0', 'game:alpha@1.0.0'] }),
          400,
          'VALIDATION_FAILED',
        );
        const unknown = expectError(
          await ctx().inject({
            method: 'POST',
            url: '/api/cpv/checks',
            payload: { components: ['game:alpha@1.0.0', 'game:alpha@7'] },
            headers: ENGLISH,
          }),
          400,
          'CPV_UNKNOWN_COMPONENT',
        );
        expect(unknown.details).toEqual([{ path: 'components.1', message: 'unknown: game:alpha@7' }]);
        expect((await db().select().from(cpvChecks)).length).toBe(before);

        const get = (url: string, query: Record<string, string> = {}) =>
          ctx().inject({ method: 'GET', url, query });
        expectError(await get('/api/cpv/results', { result: 'fine' }), 400, 'VALIDATION_FAILED');
        expectError(await get('/api/cpv/results', { checkId: 'nope' }), 400, 'VALIDATION_FAILED');
        expectError(await get('/api/cpv/results', { from: 'yesterday' }), 400, 'VALIDATION_FAILED');
        expectError(
          await get('/api/cpv/results', { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }),
          400,
          'VALIDATION_FAILED',
        );
        expectError(await get('/api/cpv/results', { pageSize: '1000' }), 400, 'VALIDATION_FAILED');
        expectError(await get('/api/cpv/checks', { page: '0' }), 400, 'VALIDATION_FAILED');
        expectError(await get('/api/cpv/checks/123'), 400, 'VALIDATION_FAILED');
        expectError(await get(`/api/cpv/checks/${UNKNOWN_UUID}`), 404, 'CPV_CHECK_NOT_FOUND');
      });
    });
  },
  { cpv: OPTIONS },
);

for (const engine of testEngines) {
  describe(`CPV checks on the job engine [${engine}]`, () => {
    let ctx: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      ctx = await createTestApp(engine, {}, { jobs: { pollingSeconds: 0.5 }, cpv: OPTIONS });
    });
    afterAll(async () => ctx?.close());

    it('queues the check, asks the engine to run the job now, and the job runs it', async () => {
      await ctx.database.db
        .insert(bridges)
        .values({ name: 'Simulator', routerUrl: simulator.url, secret: SECRET });
      const response = await ctx.inject({
        method: 'POST',
        url: '/api/cpv/checks',
        payload: { components: ['bridge:Simulator'] },
      });
      expect(response.statusCode, response.body).toBe(201);
      const queued = response.json<CpvCheck>();
      expect(queued).toMatchObject({ state: 'queued', done: 0, total: null, startedAt: null });

      const deadline = Date.now() + 20_000;
      let check = queued;
      while (check.state === 'queued' || check.state === 'running') {
        if (Date.now() > deadline) throw new Error(`check still ${check.state}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        check = (await ctx.inject({ method: 'GET', url: `/api/cpv/checks/${queued.id}` })).json<CpvCheck>();
      }
      expect(check).toMatchObject({ state: 'finished', total: 3, done: 3, counts: { unknownComponent: 3 } });
      const runs = rowsOf<{ trigger: string; triggered_by: string | null }>(
        await ctx.database.db.execute(
          sql`select trigger, triggered_by from job_runs where job = 'cpv-check'`,
        ),
      );
      expect(runs).toEqual([{ trigger: 'manual', triggered_by: queued.triggeredBy }]);
    });
  });
}
