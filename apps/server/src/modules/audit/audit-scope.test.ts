/**
 * Who reads which entries of the trail (decision 021): user administrators everything; everyone else the
 * entries of their casinos and integrations and of what belongs to neither, never those about staff.
 */
import { auditEntityReaders, auditEntityTypes, type AuditEntry, type Page } from '@backoffice/contracts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../db/schema/index';
import { describeEachEngine, type SignedIn } from '../../test/app';
import { clearAuditTrail } from '../../test/databases';

const STAFF_ID = '00000000-0000-4000-8000-0000000000aa';

const entries = [
  ['casino', 'casino-a'],
  ['casino', 'casino-b'],
  ['casino-game', 'casino-a/alpha'],
  ['casino-game', 'casino-b/alpha'],
  ['integration', 'int-1'],
  ['integration-game', 'int-2/alpha'],
  ['game-studio', '00000000-0000-4000-8000-000000000001'],
  ['bridge', '00000000-0000-4000-8000-000000000002'],
  ['fx-rate', '2026-03-01/USD'],
  ['settings', 'global'],
  ['user', STAFF_ID],
  ['sign-in', 'someone@elsewhere.example'],
  ['something-new', 'casino-a'],
] as const;

const src = fileURLToPath(new URL('../../', import.meta.url));

/** The entity types the server's code writes to the trail (`auditOf('…')`, `entityType: '…'`). */
function writtenEntityTypes(directory = src): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return writtenEntityTypes(path);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return [];
    const text = readFileSync(path, 'utf8');
    return [...text.matchAll(/auditOf\('([^']+)'|entityType: '([^']+)'|const ENTITY = '([^']+)'/g)].map(
      (match) => match[1] ?? match[2] ?? match[3]!,
    );
  });
}

describe('entity types of the trail', () => {
  it('says who reads each type the server writes', () => {
    const written = [...new Set(writtenEntityTypes())].sort();
    expect(written.length).toBeGreaterThan(10);
    expect(written.filter((type) => !(type in auditEntityReaders))).toEqual([]);
    // Staff matters, and job runs (their counts span every casino).
    expect(auditEntityTypes.filter((type) => auditEntityReaders[type] === 'userAdmins')).toEqual([
      'access-denied',
      'job',
      'secrets',
      'sign-in',
      'user',
    ]);
  });
});

describeEachEngine('audit entries within the reader’s scope', (ctx) => {
  let accountant: SignedIn;

  beforeAll(async () => {
    const { db } = ctx().database;
    await clearAuditTrail(db);
    accountant = await ctx().signIn('accountant', { casinoIds: ['casino-a'], integrationIds: ['int-1'] });
    await db
      .insert(auditEntries)
      .values(
        entries.map(([entityType, entityId]) => ({ entityType, entityId, action: 'update', changes: {} })),
      );
  });

  const list = async (as: Pick<SignedIn, 'inject'>, query: Record<string, string> = {}) => {
    const response = await as.inject({
      method: 'GET',
      url: '/api/audit-entries',
      query: { pageSize: '100', ...query },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<AuditEntry>>();
  };
  const seen = (page: Page<AuditEntry>) =>
    page.items.map((entry) => `${entry.entityType}:${entry.entityId}`).sort();

  it('shows a scoped reader only their casinos and integrations, and what belongs to none', async () => {
    expect(seen(await list(accountant))).toEqual([
      'bridge:00000000-0000-4000-8000-000000000002',
      'casino-game:casino-a/alpha',
      'casino:casino-a',
      'fx-rate:2026-03-01/USD',
      'game-studio:00000000-0000-4000-8000-000000000001',
      'integration:int-1',
      'settings:global',
    ]);
    expect((await list(accountant, { entityType: 'casino', entityId: 'casino-b' })).total).toBe(0);
  });

  it('keeps entries about users and sign-ins, and of unknown types, to user administrators', async () => {
    for (const entityType of ['user', 'sign-in', 'something-new']) {
      expect((await list(accountant, { entityType })).total, entityType).toBe(0);
    }
    const developerOfAll = await ctx().signIn('developer', {
      casinoIds: ['casino-a', 'casino-b'],
      integrationIds: ['int-1', 'int-2'],
    });
    expect((await list(developerOfAll, { entityType: 'user' })).total).toBe(0);
    expect((await list(developerOfAll, { entityId: STAFF_ID })).total).toBe(0);
  });

  it('shows a user administrator everything', async () => {
    const page = await list(ctx());
    for (const [entityType, entityId] of entries) expect(seen(page)).toContain(`${entityType}:${entityId}`);
  });
});
