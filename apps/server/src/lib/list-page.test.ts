/**
 * A list's statements are built once per shape (decision 039) and run with each request's values: the same
 * shape answers different searches, scopes and pages rightly, a new shape is built anew, and PostgreSQL
 * prepares one text per shape instead of one per search.
 */
import type { ListQuery } from '@backoffice/contracts';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { jurisdictions } from '../db/schema/index';
import { describeEachEngine } from '../test/app';
import { equalTo, listPage, oneOf, searchIn, type ListSource } from './list-page';

describeEachEngine('list pages built once per shape', (ctx) => {
  const names = ['Alderney', 'Curaçao', 'Gibraltar', 'Isle of Man', 'Malta', 'Malta 2'];
  let ids: Record<string, string> = {};
  let builds = 0;
  // Each test lists under a name of its own: its shapes are new to it.
  const sourceNamed = (name: string): ListSource => ({
    name,
    select: (db) => {
      builds += 1;
      return db.select({ id: jurisdictions.id, name: jurisdictions.name }).from(jurisdictions);
    },
    table: jurisdictions,
    key: jurisdictions.id,
    sortColumns: { name: jurisdictions.name },
  });
  const query = (changes: Partial<ListQuery> = {}): ListQuery =>
    ({ page: 1, pageSize: 50, sort: 'name', order: 'asc', ...changes }) as ListQuery;
  let source = sourceNamed('test_list');
  const page = async (changes: Partial<ListQuery>, conditions: Parameters<typeof listPage>[3]) => {
    const { rows, total } = await listPage<{ id: string; name: string }>(
      ctx().database.plannedDb,
      source,
      query(changes),
      conditions,
    );
    return { names: rows.map((row) => row.name), total };
  };

  beforeAll(async () => {
    const { db } = ctx().database;
    await db.delete(jurisdictions);
    const rows = await db
      .insert(jurisdictions)
      .values(names.map((name) => ({ name })))
      .returning({ id: jurisdictions.id, name: jurisdictions.name });
    ids = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  });
  let sources = 0;
  beforeEach(() => {
    sources += 1;
    source = sourceNamed(`test_list_${sources}`);
  });

  it('answers each search of one shape from the statement built for the first', async () => {
    const before = builds;
    expect(await page({}, { q: searchIn('malta', jurisdictions.name) })).toEqual({
      names: ['Malta', 'Malta 2'],
      total: 2,
    });
    // Wildcards in the search are matched literally, as before.
    expect(await page({}, { q: searchIn('%', jurisdictions.name) })).toEqual({ names: [], total: 0 });
    expect(await page({}, { q: searchIn('of m', jurisdictions.name) })).toEqual({
      names: ['Isle of Man'],
      total: 1,
    });
    expect(builds - before).toBe(1);
    // The page's size is in the statement's text (the planner must know how many rows a page takes), the
    // offset is a value: pages of one row are one more shape, whichever page.
    expect(await page({ pageSize: 1, page: 2 }, { q: searchIn('malta', jurisdictions.name) })).toEqual({
      names: ['Malta 2'],
      total: 2,
    });
    expect(await page({ pageSize: 1, page: 1 }, { q: searchIn('malta', jurisdictions.name) })).toEqual({
      names: ['Malta'],
      total: 2,
    });
    expect(builds - before).toBe(2);
    expect((await page({ order: 'desc' }, { q: searchIn('malta', jurisdictions.name) })).names).toEqual([
      'Malta 2',
      'Malta',
    ]);
    expect(builds - before).toBe(3);
  });

  it('leaves out the conditions that do not apply, and builds the shape without them once', async () => {
    const before = builds;
    expect((await page({}, { q: searchIn(undefined, jurisdictions.name) })).names).toEqual(names);
    expect((await page({}, { q: searchIn('', jurisdictions.name) })).names).toEqual(names);
    expect(builds - before).toBe(1);
  });

  it('limits to a list of ids, an empty list matching nothing', async () => {
    const scoped = (list: string[] | undefined) => ({ scope: oneOf(jurisdictions.id, list) });
    expect(await page({}, scoped([ids.Gibraltar!, ids.Malta!]))).toEqual({
      names: ['Gibraltar', 'Malta'],
      total: 2,
    });
    expect(await page({}, scoped([]))).toEqual({ names: [], total: 0 });
    expect(
      await page({}, { ...scoped([ids.Curaçao!]), name: equalTo(jurisdictions.name, 'Curaçao') }),
    ).toEqual({
      names: ['Curaçao'],
      total: 1,
    });
    expect((await page({}, scoped(undefined))).names).toEqual(names);
  });

  it('counts a full page with the same values', async () => {
    const before = builds;
    // Two of six per page: a full page needs the count, which its own statement answers.
    expect(await page({ pageSize: 2 }, { q: searchIn('a', jurisdictions.name) })).toEqual({
      names: ['Alderney', 'Curaçao'],
      total: 6,
    });
    expect(await page({ pageSize: 2 }, { q: searchIn('malta', jurisdictions.name) })).toEqual({
      names: ['Malta', 'Malta 2'],
      total: 2,
    });
    expect(builds - before).toBe(1);
  });
});
