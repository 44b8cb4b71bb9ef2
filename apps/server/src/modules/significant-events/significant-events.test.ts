import {
  roles,
  hasPermission,
  type AuditEntry,
  type Page,
  type SignificantEvent,
} from '@backoffice/contracts';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditEntries, significantEvents } from '../../db/schema/index';
import { describeEachEngine, type SignedIn } from '../../test/app';
import { ENGLISH, expectError } from '../../test/api';
import { clearAuditTrail } from '../../test/databases';

const BASE = '/api/significant-events';

describeEachEngine('significant events API', (ctx) => {
  beforeEach(async () => {
    const { db } = ctx().database;
    await db.delete(significantEvents);
    await clearAuditTrail(db);
  });

  async function record(payload: Record<string, unknown>, user?: SignedIn): Promise<SignificantEvent> {
    const options: InjectOptions = { method: 'POST', url: BASE, payload };
    const response = await (user ? user.inject(options) : ctx().inject(options));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<SignificantEvent>();
  }

  async function list(query: Record<string, string> = {}, user?: SignedIn): Promise<Page<SignificantEvent>> {
    const options: InjectOptions = { method: 'GET', url: BASE, query };
    const response = await (user ? user.inject(options) : ctx().inject(options));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<SignificantEvent>>();
  }

  const reasons = async (query: Record<string, string> = {}) =>
    (await list(query)).items.map((event) => event.reason);

  describe('recording', () => {
    it('stores the event with who recorded it, and answers it', async () => {
      const accountant = await ctx().signIn('accountant');
      const event = await record(
        {
          happenedAt: '2026-03-01T10:15:00+01:00',
          reason: '  Jackpot paid out twice  ',
          component: 'wallet bridge',
          user: 'jdoe',
          beforeValue: 'GGR 1.200 €',
          afterValue: 'GGR -800 €',
        },
        accountant,
      );
      expect(event).toEqual({
        id: expect.any(String),
        happenedAt: '2026-03-01T09:15:00.000Z',
        reason: 'Jackpot paid out twice',
        component: 'wallet bridge',
        user: 'jdoe',
        beforeValue: 'GGR 1.200 €',
        afterValue: 'GGR -800 €',
        createdAt: expect.any(String),
        createdBy: accountant.username,
      });
      expect(Math.abs(Date.parse(event.createdAt) - Date.now())).toBeLessThan(60_000);
      const [stored] = await ctx().database.db.select().from(significantEvents);
      expect(stored).toMatchObject({ createdBy: accountant.userId, createdByName: accountant.username });
      expect((await list()).items).toEqual([event]);
    });

    it('stores blank optional fields as nothing', async () => {
      const event = await record({
        happenedAt: '2026-03-01T10:00:00Z',
        reason: 'Rate fixed',
        component: '   ',
        user: null,
        beforeValue: '',
      });
      expect(event).toMatchObject({ component: null, user: null, beforeValue: null, afterValue: null });
    });

    it('appends an audit entry with the actor in the same change', async () => {
      const developer = await ctx().signIn('developer');
      const event = await record(
        { happenedAt: '2026-03-02T00:00:00Z', reason: 'Deploy 4.2', component: 'rounds' },
        developer,
      );
      const entries = await ctx().database.db.select().from(auditEntries);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        entityType: 'significant-event',
        entityId: event.id,
        action: 'create',
        actorId: developer.userId,
        actorName: developer.username,
      });
      expect(entries[0]!.changes).toMatchObject({
        reason: { before: null, after: 'Deploy 4.2' },
        component: { before: null, after: 'rounds' },
        happenedAt: { before: null, after: '2026-03-02T00:00:00.000Z' },
        id: { before: null, after: event.id },
      });
      expect(entries[0]!.changes).not.toHaveProperty('createdAt');
      // Written by the same statement as the event: the same transaction, the same instant.
      expect(new Date(entries[0]!.changedAt).toISOString()).toBe(event.createdAt);
      const trail = await ctx().inject({
        method: 'GET',
        url: '/api/audit-entries',
        query: { entityType: 'significant-event' },
      });
      expect(trail.json<Page<AuditEntry>>().items.map((entry) => entry.entityId)).toEqual([event.id]);
    });

    it('refuses invalid input field by field, in the user’s language, and stores nothing', async () => {
      const german = expectError(
        await ctx().inject({ method: 'POST', url: BASE, payload: { happenedAt: 'yesterday', reason: '  ' } }),
        400,
        'VALIDATION_FAILED',
      );
      expect(german.message).toBe('Die Eingabe ist nicht gültig.');
      expect(german.details?.map((detail) => detail.path).sort()).toEqual(['body.happenedAt', 'body.reason']);
      const english = expectError(
        await ctx().inject({
          method: 'POST',
          url: BASE,
          headers: ENGLISH,
          payload: {
            happenedAt: '2026-03-01T10:00:00Z',
            reason: 'x'.repeat(2_001),
            component: 'c'.repeat(201),
          },
        }),
        400,
        'VALIDATION_FAILED',
      );
      expect(english.message).toBe('The input is not valid.');
      expect(english.details?.map((detail) => detail.path).sort()).toEqual(['body.component', 'body.reason']);
      expect(english.details?.find((detail) => detail.path === 'body.reason')?.message).toBe(
        'The reason may have at most 2,000 characters.',
      );
      // A time without its offset is ambiguous.
      expectError(
        await ctx().inject({
          method: 'POST',
          url: BASE,
          payload: { happenedAt: '2026-03-01T10:00:00', reason: 'x' },
        }),
        400,
        'VALIDATION_FAILED',
      );
      expect(await ctx().database.db.select().from(significantEvents)).toEqual([]);
      expect(await ctx().database.db.select().from(auditEntries)).toEqual([]);
    });
  });

  describe('listing', () => {
    beforeEach(async () => {
      await record({ happenedAt: '2026-01-10T08:00:00Z', reason: 'Bridge outage', component: 'Bridge EU' });
      await record({ happenedAt: '2026-02-01T00:00:00Z', reason: 'New exchange rates', component: 'fx' });
      await record({ happenedAt: '2026-02-15T12:30:00Z', reason: 'Campaign 100% bonus', component: null });
      await record({
        happenedAt: '2026-03-05T18:00:00Z',
        reason: 'Jackpot reset',
        component: 'jackpot_bridge',
      });
    });

    it('answers newest happenedAt first, paged with the total', async () => {
      expect(await reasons()).toEqual([
        'Jackpot reset',
        'Campaign 100% bonus',
        'New exchange rates',
        'Bridge outage',
      ]);
      const second = await list({ page: '2', pageSize: '3' });
      expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
      expect(second.items.map((event) => event.reason)).toEqual(['Bridge outage']);
    });

    it('filters by time, both ends included', async () => {
      expect(await reasons({ from: '2026-02-01T00:00:00Z', to: '2026-02-15T12:30:00Z' })).toEqual([
        'Campaign 100% bonus',
        'New exchange rates',
      ]);
      expect(await reasons({ from: '2026-02-01T00:00:00.001Z', to: '2026-02-15T12:29:59.999Z' })).toEqual([]);
      expect(await reasons({ to: '2026-01-31T23:59:59Z' })).toEqual(['Bridge outage']);
    });

    it('searches reason and component, ignoring case, taking wildcards literally', async () => {
      expect(await reasons({ q: 'BRIDGE' })).toEqual(['Jackpot reset', 'Bridge outage']);
      expect(await reasons({ q: 'fx' })).toEqual(['New exchange rates']);
      expect(await reasons({ q: '100%' })).toEqual(['Campaign 100% bonus']);
      expect(await reasons({ q: '%' })).toEqual(['Campaign 100% bonus']);
      expect(await reasons({ q: 't_b' })).toEqual(['Jackpot reset']);
      expect(await reasons({ q: 'nothing like it' })).toEqual([]);
    });

    it('refuses a range that ends before it starts, and bad paging', async () => {
      const queries: Record<string, string>[] = [
        { from: '2026-02-02T00:00:00Z', to: '2026-02-01T00:00:00Z' },
        { from: 'last week' },
        { pageSize: '101' },
        { page: '0' },
      ];
      for (const query of queries) {
        expectError(await ctx().inject({ method: 'GET', url: BASE, query }), 400, 'VALIDATION_FAILED');
      }
    });
  });

  describe('access', () => {
    it('needs a session', async () => {
      expectError(await ctx().app.inject({ method: 'GET', url: BASE }), 401, 'UNAUTHENTICATED');
      expectError(
        await ctx().app.inject({
          method: 'POST',
          url: BASE,
          headers: { 'x-requested-with': 'backoffice' },
          payload: { happenedAt: '2026-03-01T10:00:00Z', reason: 'x' },
        }),
        401,
        'UNAUTHENTICATED',
      );
    });

    it.each(roles)('lets a %s read and record exactly as the permission matrix says', async (role) => {
      const user = await ctx().signIn(role);
      const read = await user.inject({ method: 'GET', url: BASE });
      if (hasPermission(role, 'viewReports')) expect(read.statusCode, read.body).toBe(200);
      else expectError(read, 403, 'NO_PERMISSION');
      const write = await user.inject({
        method: 'POST',
        url: BASE,
        payload: { happenedAt: '2026-03-01T10:00:00Z', reason: `by ${role}` },
      });
      if (hasPermission(role, 'recordSignificantEvents')) expect(write.statusCode, write.body).toBe(201);
      else expectError(write, 403, 'NO_PERMISSION');
    });

    it('lets admins, developers and accountants record, and no one else', () => {
      expect(roles.filter((role) => hasPermission(role, 'recordSignificantEvents'))).toEqual([
        'admin',
        'developer',
        'accountant',
      ]);
    });
  });
});
