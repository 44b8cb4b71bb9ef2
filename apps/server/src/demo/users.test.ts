import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rowsOf } from '../lib/sql';
import { createEmbeddedIdentityService } from '../modules/identity/identity.service';
import { describeEachEngine } from '../test/app';
import { seedPlatformFixture } from '../test/platform';
import { grantDemoScopes, seedDemoUsers } from './users';

describeEachEngine('demo users’ scope', (ctx) => {
  it('gives every demo user but the admin all casinos and integrations, once', async () => {
    const { db } = ctx().database;
    await seedPlatformFixture(db, {
      casinos: ['demo-a', 'demo-b'],
      integrations: { 'demo-int': ['demo-a'] },
      games: {},
    });
    await seedDemoUsers(db, createEmbeddedIdentityService(db));
    await grantDemoScopes(db);
    await grantDemoScopes(db);
    const scopes = rowsOf<{ role: string; casinos: number; integrations: number }>(
      await db.execute(sql`select u.role,
          (select count(*)::int from user_casino_scopes s where s.user_id = u.id) as casinos,
          (select count(*)::int from user_integration_scopes s where s.user_id = u.id) as integrations
        from users u where u.email like '%@backoffice.local' order by u.role`),
    );
    const all = rowsOf<{ casinos: number; integrations: number }>(
      await db.execute(sql`select (select count(*)::int from casinos) as casinos,
        (select count(*)::int from integrations) as integrations`),
    )[0]!;
    expect(all.casinos).toBeGreaterThanOrEqual(2);
    for (const scope of scopes) {
      expect(scope, scope.role).toEqual(
        scope.role === 'admin'
          ? { role: 'admin', casinos: 0, integrations: 0 }
          : { role: scope.role, casinos: all.casinos, integrations: all.integrations },
      );
    }
    expect(scopes).toHaveLength(6);
  });
});
