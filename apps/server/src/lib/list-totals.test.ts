/**
 * Lists count their matches up to LIST_TOTAL_LIMIT (issue 16, item 4): a broad search answers
 * "more than 1,000" instead of counting every match, a narrow one its exact total; paging is unchanged.
 */
import { LIST_TOTAL_LIMIT } from '@backoffice/contracts';
import { ilike, sql } from 'drizzle-orm';
import { jurisdictions } from '../db/schema/index';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../test/app';
import { countUpTo, pageWithTotal, rowsOf } from './sql';

describeEachEngine('list totals', (ctx) => {
  beforeAll(async () => {
    await ctx().database.db.execute(
      sql`insert into jurisdictions (name) select 'Bulk ' || lpad(i::text, 4, '0') from generate_series(1, ${LIST_TOTAL_LIMIT + 5}) i`,
    );
  });

  const list = async (query: Record<string, string>) => {
    const response = await ctx().inject({ method: 'GET', url: '/api/jurisdictions', query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: { name: string }[]; total: number; totalCapped: boolean }>();
  };

  it('counts up to the limit and says that more match', async () => {
    const page = await list({ q: 'Bulk', pageSize: '10' });
    expect(page).toMatchObject({ total: LIST_TOTAL_LIMIT, totalCapped: true });
    expect(page.items).toHaveLength(10);
  });

  it('answers the exact total at the limit and below', async () => {
    expect(await list({ q: 'Bulk 0' })).toMatchObject({ total: 999, totalCapped: false });
    expect(await list({ q: 'Bulk 100' })).toMatchObject({ total: 6, totalCapped: false });
  });

  it('tells the total from a page with fewer rows than asked for, and counts for a full or empty one', async () => {
    // 'Bulk 100' matches six: pages of four hold four (full: counted), two (the last: known), none (counted).
    for (const [page, items] of [
      ['1', 4],
      ['2', 2],
      ['3', 0],
    ] as const) {
      const answer = await list({ q: 'Bulk 100', page, pageSize: '4', sort: 'name', order: 'asc' });
      expect(answer.items).toHaveLength(items);
      expect(answer).toMatchObject({ total: 6, totalCapped: false });
    }
    const { db } = ctx().database;
    const where = ilike(jurisdictions.name, 'Bulk 100%');
    const counted: number[] = [];
    const pageOfSix = async (page: number, pageSize: number) =>
      pageWithTotal(
        { page, pageSize },
        db
          .select({ name: jurisdictions.name })
          .from(jurisdictions)
          .where(where)
          .orderBy(jurisdictions.name)
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        async () => {
          counted.push(page);
          return countUpTo(db, jurisdictions, where);
        },
      );
    expect((await pageOfSix(2, 4)).total).toBe(6);
    expect((await pageOfSix(1, 10)).total).toBe(6);
    expect(counted).toEqual([]);
    expect((await pageOfSix(1, 4)).total).toBe(6);
    expect((await pageOfSix(7, 4)).total).toBe(6);
    expect(counted).toEqual([1, 7]);
  });

  it('still pages past the counted rows', async () => {
    const last = await list({ q: 'Bulk', page: '101', pageSize: '10', sort: 'name', order: 'asc' });
    expect(last.items.map((item) => item.name)).toEqual([
      'Bulk 1001',
      'Bulk 1002',
      'Bulk 1003',
      'Bulk 1004',
      'Bulk 1005',
    ]);
    expect(last).toMatchObject({ total: LIST_TOTAL_LIMIT, totalCapped: true });
  });

  it('counts the same when the search is left to its index, and leaves the planner as it was', async () => {
    const { db } = ctx().database;
    for (const q of ['Bulk%', 'Bulk 0%', 'Bulk 100%', 'Nothing%']) {
      const where = ilike(jurisdictions.name, q);
      expect(await countUpTo(db, jurisdictions, where, { indexed: true })).toEqual(
        await countUpTo(db, jurisdictions, where),
      );
    }
    const setting = await db.transaction(async (tx) => {
      expect(
        await countUpTo(tx, jurisdictions, ilike(jurisdictions.name, 'Bulk%'), { indexed: true }),
      ).toEqual([{ total: LIST_TOTAL_LIMIT + 1 }]);
      return rowsOf<{ on: string }>(await tx.execute(sql`select current_setting('enable_seqscan') as on`))[0]
        ?.on;
    });
    expect(setting).toBe('on');
  });
});
