import { jurisdictionListQuerySchema } from '@backoffice/contracts';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { parseListParams, useListParams } from './list-params';

const schema = jurisdictionListQuerySchema;
const defaults = { page: 1, pageSize: 20, sort: 'name', order: 'asc', q: undefined };

const parse = (search: string) => parseListParams(schema, new URLSearchParams(search));

describe('parseListParams', () => {
  it('gives the defaults for an empty query string', () => {
    expect(parse('')).toEqual(defaults);
  });

  it('reads every valid parameter', () => {
    expect(parse('page=3&pageSize=50&sort=updatedAt&order=desc&q=malta')).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'updatedAt',
      order: 'desc',
      q: 'malta',
    });
  });

  it.each([
    ['page=abc', 'page', 1],
    ['page=0', 'page', 1],
    ['page=2.5', 'page', 1],
    ['pageSize=1000', 'pageSize', 20],
    ['sort=unknown', 'sort', 'name'],
    ['order=sideways', 'order', 'asc'],
  ])('falls back to the default for %s while keeping the other parameters', (bad, field, fallback) => {
    const good = new URLSearchParams('page=4&pageSize=10&sort=createdAt&order=desc&q=gib');
    const badParams = new URLSearchParams(bad);
    for (const [key, value] of badParams) good.set(key, value);

    const parsed = parseListParams(schema, good);

    expect(parsed[field as keyof typeof parsed]).toBe(fallback);
    const expectedOthers = { page: 4, pageSize: 10, sort: 'createdAt', order: 'desc', q: 'gib' };
    for (const [key, value] of Object.entries(expectedOthers)) {
      if (key !== field) expect(parsed[key as keyof typeof parsed], key).toBe(value);
    }
  });

  it('ignores parameters that are not part of the list query', () => {
    expect(parse('foo=bar&page=2')).toEqual({ ...defaults, page: 2 });
  });
});

/** Renders the hook in a memory router; the returned object reads the latest URL and query. */
function renderListParams(initialUrl = '/list') {
  let latest: ReturnType<typeof useListParams<typeof schema>> | undefined;
  function Probe() {
    latest = useListParams(schema);
    return <output data-testid="query">{JSON.stringify(latest[0])}</output>;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], {
    initialEntries: [initialUrl],
  });
  render(<RouterProvider router={router} />);
  return {
    router,
    get query() {
      return latest![0];
    },
    update(patch: Parameters<NonNullable<typeof latest>[1]>[0]) {
      act(() => latest![1](patch));
    },
    get search() {
      return router.state.location.search;
    },
  };
}

describe('useListParams', () => {
  it('parses the query of the current URL', () => {
    const list = renderListParams('/list?page=2&sort=updatedAt&pageSize=bogus');
    expect(list.query).toEqual({ ...defaults, page: 2, sort: 'updatedAt' });
    expect(JSON.parse(screen.getByTestId('query').textContent!)).toMatchObject({
      page: 2,
      sort: 'updatedAt',
    });
  });

  it('writes only values that differ from the defaults into the URL', () => {
    const list = renderListParams();
    list.update({ sort: 'updatedAt', order: 'asc', pageSize: 20 });
    expect(list.search).toBe('?sort=updatedAt');

    list.update({ order: 'desc' });
    expect(new URLSearchParams(list.search)).toEqual(new URLSearchParams('sort=updatedAt&order=desc'));
  });

  it('removes a parameter from the URL when it returns to its default', () => {
    const list = renderListParams('/list?sort=updatedAt&order=desc');
    list.update({ sort: 'name', order: 'asc' });
    expect(list.search).toBe('');
    expect(list.query).toEqual(defaults);
  });

  it('keeps the other parameters when only the page changes', () => {
    const list = renderListParams('/list?sort=updatedAt&q=mal');
    list.update({ page: 3 });
    expect(list.query).toEqual({ ...defaults, page: 3, sort: 'updatedAt', q: 'mal' });
  });

  it.each([
    ['sort', { sort: 'createdAt' as const }],
    ['order', { order: 'desc' as const }],
    ['pageSize', { pageSize: 50 }],
    ['search', { q: 'malta' }],
  ])('goes back to page 1 when the %s changes', (_name, patch) => {
    const list = renderListParams('/list?page=5');
    list.update(patch);
    expect(list.query.page).toBe(1);
    expect(new URLSearchParams(list.search).has('page')).toBe(false);
    expect(list.query).toMatchObject(patch);
  });

  it('drops an emptied search from the URL', () => {
    const list = renderListParams('/list?q=malta&page=2');
    list.update({ q: '' });
    expect(list.search).toBe('');
  });

  it('replaces the history entry while searching, but pushes one for other changes', () => {
    const list = renderListParams();
    list.update({ q: 'm' });
    expect(list.router.state.historyAction).toBe('REPLACE');
    list.update({ page: 2 });
    expect(list.router.state.historyAction).toBe('PUSH');
  });
});
