import { describe, expect, it } from 'vitest';
import { jurisdictionListQuerySchema } from './jurisdictions';
import {
  DEFAULT_PAGE_SIZE,
  expectedVersionSchema,
  listQuerySchema,
  MAX_PAGE_SIZE,
  PAGE_SIZES,
  pageSchema,
  recordMetaSchema,
} from './lists';
import { z } from 'zod';

const schema = listQuerySchema(['name', 'createdAt', 'updatedAt'], 'name');

function parse(input: Record<string, unknown>) {
  return schema.safeParse(input);
}

function issuePaths(input: Record<string, unknown>): string[] {
  const result = parse(input);
  expect(result.success).toBe(false);
  return result.error!.issues.map((issue) => issue.path.join('.'));
}

describe('paging constants', () => {
  it('defaults to 20 rows, allows at most 100, and offers the default as a choice', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(20);
    expect(MAX_PAGE_SIZE).toBe(100);
    expect(PAGE_SIZES).toContain(DEFAULT_PAGE_SIZE);
    expect(Math.max(...PAGE_SIZES)).toBe(MAX_PAGE_SIZE);
  });
});

describe('listQuerySchema', () => {
  it('fills in page 1, 20 rows, the default sort field and ascending order', () => {
    expect(schema.parse({})).toEqual({ page: 1, pageSize: 20, sort: 'name', order: 'asc' });
  });

  it('uses the default sort field it was built with', () => {
    const byDate = listQuerySchema(['name', 'createdAt'], 'createdAt');
    expect(byDate.parse({}).sort).toBe('createdAt');
  });

  it('coerces the query-string values to numbers', () => {
    expect(schema.parse({ page: '3', pageSize: '50', sort: 'updatedAt', order: 'desc' })).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'updatedAt',
      order: 'desc',
    });
  });

  it.each([
    ['1', 1],
    ['100', 100],
  ])('accepts pageSize %s', (pageSize, expected) => {
    expect(schema.parse({ pageSize }).pageSize).toBe(expected);
  });

  it.each([
    ['pageSize above 100', { pageSize: '101' }, 'pageSize'],
    ['pageSize 0', { pageSize: '0' }, 'pageSize'],
    ['a fractional pageSize', { pageSize: '2.5' }, 'pageSize'],
    ['page 0', { page: '0' }, 'page'],
    ['a negative page', { page: '-1' }, 'page'],
    ['a fractional page', { page: '1.5' }, 'page'],
    ['a non-numeric page', { page: 'abc' }, 'page'],
    ['a page beyond the upper bound', { page: '100001' }, 'page'],
    ['an unknown sort field', { sort: 'password' }, 'sort'],
    ['an unknown order', { order: 'up' }, 'order'],
    ['an upper-case order', { order: 'DESC' }, 'order'],
    ['a search text over 200 characters', { q: 'x'.repeat(201) }, 'q'],
  ])('rejects %s', (_label, input, path) => {
    expect(issuePaths(input)).toEqual([path]);
  });

  it('trims the search text', () => {
    expect(schema.parse({ q: '  Malta  ' }).q).toBe('Malta');
  });

  it('measures the 200-character limit after trimming', () => {
    expect(schema.parse({ q: `  ${'x'.repeat(200)}  ` }).q).toHaveLength(200);
  });

  it('leaves the search text out when none is given', () => {
    expect(schema.parse({})).not.toHaveProperty('q');
  });

  it('backs the jurisdiction list with name as default sort', () => {
    expect(jurisdictionListQuerySchema.parse({})).toEqual({
      page: 1,
      pageSize: 20,
      sort: 'name',
      order: 'asc',
    });
    expect(jurisdictionListQuerySchema.safeParse({ sort: 'id' }).success).toBe(false);
  });
});

describe('pageSchema', () => {
  const page = pageSchema(z.object({ id: z.string() }));

  it('accepts a page of items with its paging numbers', () => {
    const value = { items: [{ id: 'a' }], total: 1, totalCapped: false, page: 1, pageSize: 20 };
    expect(page.parse(value)).toEqual(value);
    expect(page.parse({ ...value, total: 1_000, totalCapped: true }).totalCapped).toBe(true);
  });

  it.each([
    ['a negative total', { items: [], total: -1, page: 1, pageSize: 20 }],
    ['page 0', { items: [], total: 0, page: 0, pageSize: 20 }],
    ['an item of the wrong shape', { items: [{ id: 1 }], total: 1, page: 1, pageSize: 20 }],
  ])('rejects %s', (_label, value) => {
    expect(page.safeParse(value).success).toBe(false);
  });
});

describe('recordMetaSchema and expectedVersionSchema', () => {
  it('requires a positive version and ISO timestamps', () => {
    const now = new Date().toISOString();
    expect(recordMetaSchema.safeParse({ version: 1, createdAt: now, updatedAt: now }).success).toBe(true);
    expect(recordMetaSchema.safeParse({ version: 0, createdAt: now, updatedAt: now }).success).toBe(false);
    expect(recordMetaSchema.safeParse({ version: 1, createdAt: 'yesterday', updatedAt: now }).success).toBe(
      false,
    );
  });

  it('coerces the expected version from the query string', () => {
    expect(expectedVersionSchema.parse({ version: '7' })).toEqual({ version: 7 });
  });

  it.each([['0'], ['-2'], ['1.5'], ['abc']])('rejects the expected version %s', (version) => {
    expect(expectedVersionSchema.safeParse({ version }).success).toBe(false);
  });

  it('requires the expected version', () => {
    expect(expectedVersionSchema.safeParse({}).success).toBe(false);
  });
});
