import { SECRET_MASK, type Language, type Role } from '@backoffice/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { instantOf } from '../../components/inputs/date-time-input';
import type { RouteHandle } from '../../lib/route-handle';
import { FakeAuditApi } from '../../test/fake-audit-api';
import { renderRoutes } from '../../test/render';
import { testSession } from '../../test/sessions';
import { AuditEntriesPage } from './index';

const crumb = (key: string, linkable = true): { handle: RouteHandle } => ({
  handle: { crumb: key, linkable },
});

const routes: RouteObject[] = [
  {
    path: '/reporting',
    ...crumb('nav.groups.reporting', false),
    children: [{ path: 'audit-entries', ...crumb('nav.auditEntries'), element: <AuditEntriesPage /> }],
  },
];

const PATH = '/reporting/audit-entries';
const ADA = '00000000-0000-4000-8000-0000000000a1';
const BOB = '00000000-0000-4000-8000-0000000000b2';

function seeded(): FakeAuditApi {
  const api = new FakeAuditApi();
  api.addActor(ADA, 'ada', 'Ada Lovelace');
  api.addActor(BOB, 'bob', 'Bob Builder');
  api.add({
    minute: 1,
    actorId: ADA,
    actorName: 'ada',
    entityType: 'casino',
    entityId: 'casino-de',
    action: 'create',
    changes: { name: { before: null, after: 'Casino Deutschland' } },
  });
  api.add({
    minute: 2,
    actorId: BOB,
    actorName: 'bob',
    entityType: 'casino',
    entityId: 'casino-de',
    action: 'update',
    changes: {
      name: { before: 'Casino Deutschland', after: 'Casino DE' },
      'config.secret': { before: SECRET_MASK, after: SECRET_MASK },
      'config.apiUrl': { before: null, after: 'https://operator.example/api' },
      gameRoundValidityPeriod: { before: 30, after: 14 },
    },
  });
  api.add({ minute: 3, entityType: 'fx-rate', entityId: '2025-03-01/USD', action: 'delete', changes: {} });
  return api;
}

async function openScreen(api: FakeAuditApi, url = PATH, language: Language = 'en', role: Role = 'visitor') {
  api.install();
  return renderRoutes(routes, { initialEntries: [url], language, session: testSession(role) });
}

/** The list's body rows (not the rows of an opened changes table) as the text of their first cells. */
function listed(): string[][] {
  // The trail's table (an open date picker is a table too).
  const table = screen
    .getAllByRole('table')
    .find((candidate) =>
      within(candidate).queryByRole('columnheader', { name: /^(Entity id|ID des Datensatzes)$/ }),
    )!;
  const body = table.querySelector(':scope > tbody')!;
  return [...body.querySelectorAll(':scope > tr')].map((row) =>
    [...row.querySelectorAll(':scope > td')].slice(1, 5).map((cell) => cell.textContent ?? ''),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('audit entries', () => {
  it('lists the entries newest first with user, entity and action in the user’s language', async () => {
    await openScreen(seeded());
    await waitFor(() =>
      expect(listed()).toEqual([
        ['System', 'Exchange rate', '2025-03-01/USD', 'Deleted'],
        ['bob', 'Casino', 'casino-de', 'Changed'],
        ['ada', 'Casino', 'casino-de', 'Created'],
      ]),
    );
    expect(screen.getByText('No field changed.')).toBeTruthy();
    expect(screen.getByTestId('list-total').textContent).toBe('3 entries');

    await openScreen(seeded(), PATH, 'de');
    await waitFor(() => expect(listed()[0]).toEqual(['System', 'Wechselkurs', '2025-03-01/USD', 'Gelöscht']));
  });

  it('opens an entry to the fields it changed, before and after, with secrets only as the mask', async () => {
    const { user } = await openScreen(seeded());
    const toggle = await screen.findByRole('button', { name: 'Show 4 changed fields' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);

    const diff = screen.getByRole('table', { name: 'Changes of casino-de' });
    const rows = within(diff)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Field', 'Before', 'After'],
      ['name', 'Casino Deutschland', 'Casino DE'],
      ['config.secret', SECRET_MASK, SECRET_MASK],
      ['config.apiUrl', '–', 'https://operator.example/api'],
      ['gameRoundValidityPeriod', '30', '14'],
    ]);
    expect(within(diff).getByLabelText('empty')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Hide 4 changed fields' }));
    expect(screen.queryByRole('table', { name: 'Changes of casino-de' })).toBeNull();
  });

  it(
    'filters by entity type, entity id, user and time, with the filters in the URL',
    { timeout: 20_000 },
    async () => {
      const api = seeded();
      const { user, router } = await openScreen(api);
      await waitFor(() => expect(listed()).toHaveLength(3));

      await user.click(screen.getByLabelText('Entity type', { selector: 'input' }));
      await user.click(await screen.findByRole('option', { name: 'Casino' }));
      await waitFor(() => expect(listed()).toHaveLength(2));

      await user.type(screen.getByLabelText('Entity id'), 'casino-de{Enter}');
      await user.click(screen.getByLabelText('User', { selector: 'input' }));
      await user.type(screen.getByLabelText('User', { selector: 'input' }), 'bob');
      await user.click(await screen.findByRole('option', { name: 'Bob Builder (bob)' }));
      // The filters apply after their debounce: on a busy machine, more than waitFor's default second.
      await waitFor(() => expect(listed()).toEqual([['bob', 'Casino', 'casino-de', 'Changed']]), {
        timeout: 5_000,
      });

      await user.type(screen.getByLabelText('From'), '03/01/2025');
      await user.type(screen.getByLabelText('Time of From'), '12:02');
      await waitFor(() =>
        expect(api.listRequests().at(-1)).toEqual({
          page: '1',
          pageSize: '20',
          order: 'desc',
          entityType: 'casino',
          entityId: 'casino-de',
          actorId: BOB,
          from: instantOf('2025-03-01', '12:02'),
        }),
      );
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        entityType: 'casino',
        entityId: 'casino-de',
        actorId: BOB,
        from: instantOf('2025-03-01', '12:02'),
      });
    },
  );

  it('offers the entries about users and sign-ins as a filter to admins only', async () => {
    const entityTypes = async (user: { click(element: Element): Promise<void> }) => {
      await user.click(screen.getByLabelText('Entity type', { selector: 'input' }));
      return (await screen.findAllByRole('option')).map((option) => option.textContent);
    };
    const visitor = await openScreen(seeded());
    const forVisitor = await entityTypes(visitor.user);
    expect(forVisitor).toContain('Casino');
    expect(forVisitor).not.toContain('User');
    expect(forVisitor).not.toContain('Sign-in');
    visitor.unmount();
    const admin = await openScreen(seeded(), PATH, 'en', 'admin');
    expect(await entityTypes(admin.user)).toEqual(expect.arrayContaining(['Casino', 'User', 'Sign-in']));
  });

  it('starts from filters in the URL, the user shown by name', async () => {
    const api = seeded();
    await openScreen(api, `${PATH}?actorId=${ADA}&entityType=casino&pageSize=10`);
    await waitFor(() => expect(listed()).toEqual([['ada', 'Casino', 'casino-de', 'Created']]));
    await waitFor(() =>
      expect((screen.getByLabelText('User', { selector: 'input' }) as HTMLInputElement).value).toBe(
        'Ada Lovelace (ada)',
      ),
    );
    expect(api.listRequests()[0]).toEqual({
      page: '1',
      pageSize: '10',
      order: 'desc',
      entityType: 'casino',
      actorId: ADA,
    });
  });

  it('pages through the trail', async () => {
    const api = new FakeAuditApi();
    for (let minute = 0; minute < 25; minute += 1) {
      api.add({ minute, entityType: 'game', entityId: `game-${String(minute).padStart(2, '0')}` });
    }
    const { user } = await openScreen(api);
    await waitFor(() => expect(listed()).toHaveLength(20));
    expect(listed()[0]![2]).toBe('game-24');
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() =>
      expect(listed().map((row) => row[2])).toEqual(['game-04', 'game-03', 'game-02', 'game-01', 'game-00']),
    );
    expect(api.listRequests().at(-1)).toMatchObject({ page: '2' });
  });
});
