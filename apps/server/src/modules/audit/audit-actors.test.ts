import type { AuditActor, Page } from '@backoffice/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditEntries, users } from '../../db/schema/index';
import { describeEachEngine, type SignedIn } from '../../test/app';
import { expectError, UNKNOWN_UUID } from '../../test/api';

const BASE = '/api/audit-entries/actors';

describeEachEngine('actors to filter the audit trail by', (ctx) => {
  let visitor: SignedIn;
  let developer: SignedIn;
  let support: SignedIn;
  let qa: SignedIn;

  beforeAll(async () => {
    visitor = await ctx().signIn('visitor', { casinoIds: ['casino-own'] });
    developer = await ctx().signIn('developer');
    support = await ctx().signIn('support');
    qa = await ctx().signIn('qa');
    const { db } = ctx().database;
    await ctx().changeBehindTheApp(() =>
      db.update(users).set({ firstName: 'Ada', lastName: 'Lovelace' }).where(eq(users.id, developer.userId)),
    );
    const entry = (actor: SignedIn, entityType: string, entityId: string) => ({
      actorId: actor.userId,
      actorName: actor.username,
      entityType,
      entityId,
      action: 'update',
      changes: {},
    });
    await db
      .insert(auditEntries)
      .values([
        entry(developer, 'casino', 'casino-own'),
        entry(support, 'casino', 'casino-foreign'),
        entry(qa, 'user', qa.userId),
      ]);
  });

  async function actors(
    query: Record<string, string>,
    user: Pick<SignedIn, 'inject'>,
  ): Promise<Page<AuditActor>> {
    const response = await user.inject({ method: 'GET', url: BASE, query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<AuditActor>>();
  }

  it('finds any user by user name or full name for a user administrator', async () => {
    const byUsername = await actors({ q: developer.username.toUpperCase() }, ctx());
    expect(byUsername.items).toEqual([
      { id: developer.userId, username: developer.username, name: 'Ada Lovelace' },
    ]);
    expect(byUsername.total).toBe(1);
    expect((await actors({ q: 'ada love' }, ctx())).items.map((actor) => actor.id)).toEqual([
      developer.userId,
    ]);
    expect((await actors({ q: 'nobody-like-this' }, ctx())).items).toEqual([]);
    expect((await actors({ q: qa.username }, ctx())).items.map((actor) => actor.id)).toEqual([qa.userId]);
  });

  it('offers anyone else only the actors of entries they see, and themself', async () => {
    expect((await actors({}, visitor)).items.map((actor) => actor.id).sort()).toEqual(
      [developer.userId, visitor.userId].sort(),
    );
    expect((await actors({ q: 'ada love' }, visitor)).items.map((actor) => actor.id)).toEqual([
      developer.userId,
    ]);
    // The actor of a foreign casino's entry, and of an entry about a user, stay unknown.
    expect((await actors({ q: support.username }, visitor)).total).toBe(0);
    expect((await actors({ q: qa.username }, visitor)).total).toBe(0);
    expect((await actors({ id: qa.userId }, visitor)).items).toEqual([]);
  });

  it('answers one user by id (to label a filter from the URL)', async () => {
    expect((await actors({ id: visitor.userId }, visitor)).items.map((actor) => actor.username)).toEqual([
      visitor.username,
    ]);
    expect((await actors({ id: support.userId }, ctx())).items.map((actor) => actor.username)).toEqual([
      support.username,
    ]);
    expect((await actors({ id: UNKNOWN_UUID }, ctx())).items).toEqual([]);
    expectError(
      await visitor.inject({ method: 'GET', url: BASE, query: { id: 'not-a-uuid' } }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('lists at most 20, sorted by user name, with the total', async () => {
    for (let index = 0; index < 21; index += 1) await ctx().signIn('accountant');
    const page = await actors({ q: 'accountant-' }, ctx());
    expect(page.items).toHaveLength(20);
    expect(page.total).toBe(21);
    const names = page.items.map((actor) => actor.username);
    expect(names).toEqual([...names].sort());
  });

  it('is refused to those who may not read the trail', async () => {
    expectError(await qa.inject({ method: 'GET', url: BASE }), 403, 'NO_PERMISSION');
    expectError(await ctx().app.inject({ method: 'GET', url: BASE }), 401, 'UNAUTHENTICATED');
  });
});
