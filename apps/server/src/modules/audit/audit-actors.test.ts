import type { AuditActor, Page } from '@backoffice/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { describeEachEngine, type SignedIn } from '../../test/app';
import { expectError, UNKNOWN_UUID } from '../../test/api';

const BASE = '/api/audit-entries/actors';

describeEachEngine('actors to filter the audit trail by', (ctx) => {
  let visitor: SignedIn;
  let developer: SignedIn;

  beforeAll(async () => {
    visitor = await ctx().signIn('visitor');
    developer = await ctx().signIn('developer');
    await ctx()
      .database.db.update(users)
      .set({ firstName: 'Ada', lastName: 'Lovelace' })
      .where(eq(users.id, developer.userId));
  });

  async function actors(query: Record<string, string>, user = visitor): Promise<Page<AuditActor>> {
    const response = await user.inject({ method: 'GET', url: BASE, query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<AuditActor>>();
  }

  it('finds users by user name or full name, for any reader of the trail', async () => {
    const byUsername = await actors({ q: developer.username.toUpperCase() });
    expect(byUsername.items).toEqual([
      { id: developer.userId, username: developer.username, name: 'Ada Lovelace' },
    ]);
    expect(byUsername.total).toBe(1);
    expect((await actors({ q: 'ada love' })).items.map((actor) => actor.id)).toEqual([developer.userId]);
    expect((await actors({ q: 'nobody-like-this' })).items).toEqual([]);
  });

  it('answers one user by id (to label a filter from the URL)', async () => {
    expect((await actors({ id: visitor.userId })).items.map((actor) => actor.username)).toEqual([
      visitor.username,
    ]);
    expect((await actors({ id: UNKNOWN_UUID })).items).toEqual([]);
    expectError(
      await visitor.inject({ method: 'GET', url: BASE, query: { id: 'not-a-uuid' } }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('lists at most 20, sorted by user name, with the total', async () => {
    for (let index = 0; index < 21; index += 1) await ctx().signIn('qa');
    const page = await actors({ q: 'qa-' });
    expect(page.items).toHaveLength(20);
    expect(page.total).toBe(21);
    const names = page.items.map((actor) => actor.username);
    expect(names).toEqual([...names].sort());
  });

  it('is refused to those who may not read the trail', async () => {
    const qa = await ctx().signIn('qa');
    expectError(await qa.inject({ method: 'GET', url: BASE }), 403, 'NO_PERMISSION');
    expectError(await ctx().app.inject({ method: 'GET', url: BASE }), 401, 'UNAUTHENTICATED');
  });
});
