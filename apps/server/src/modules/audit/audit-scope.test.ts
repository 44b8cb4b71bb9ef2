import type { AuditEntry, Page } from '@backoffice/contracts';
import { beforeAll, expect, it } from 'vitest';
import { auditEntries } from '../../db/schema/index';
import { describeEachEngine } from '../../test/app';
import { clearAuditTrail } from '../../test/databases';

const entries = [
  ['casino', 'casino-a'],
  ['casino', 'casino-b'],
  ['casino-game', 'casino-a/alpha'],
  ['casino-game', 'casino-b/alpha'],
  ['integration', 'int-1'],
  ['integration-game', 'int-2/alpha'],
  ['game-studio', '00000000-0000-4000-8000-000000000001'],
] as const;

describeEachEngine('audit entries within the reader’s scope', (ctx) => {
  beforeAll(async () => {
    const { db } = ctx().database;
    await clearAuditTrail(db);
    await db
      .insert(auditEntries)
      .values(
        entries.map(([entityType, entityId]) => ({ entityType, entityId, action: 'update', changes: {} })),
      );
  });

  const seen = (page: Page<AuditEntry>) =>
    page.items.map((entry) => `${entry.entityType}:${entry.entityId}`).sort();

  it('shows a scoped reader only their casinos and integrations, and what belongs to none', async () => {
    const accountant = await ctx().signIn('accountant', {
      casinoIds: ['casino-a'],
      integrationIds: ['int-1'],
    });
    const response = await accountant.inject({
      method: 'GET',
      url: '/api/audit-entries',
      query: { pageSize: '100' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<Page<AuditEntry>>();
    expect(seen(page).filter((key) => !key.startsWith('user'))).toEqual([
      'casino-game:casino-a/alpha',
      'casino:casino-a',
      'game-studio:00000000-0000-4000-8000-000000000001',
      'integration:int-1',
    ]);
    const other = await accountant.inject({
      method: 'GET',
      url: '/api/audit-entries',
      query: { entityType: 'casino', entityId: 'casino-b' },
    });
    expect(other.json<Page<AuditEntry>>().total).toBe(0);
  });

  it('shows an unlimited reader everything', async () => {
    const page = (
      await ctx().inject({ method: 'GET', url: '/api/audit-entries', query: { pageSize: '100' } })
    ).json<Page<AuditEntry>>();
    for (const [entityType, entityId] of entries) expect(seen(page)).toContain(`${entityType}:${entityId}`);
  });
});
