import { errorCatalogue } from '@backoffice/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CODE, FakeSecondFactorApi, QR_CODE, SECRET } from '../../test/fake-second-factor-api';
import { renderRoutes } from '../../test/render';
import { crumb } from '../../test/routes';
import { AccountPage, UserDetailPage } from './index';

const routes = [
  {
    path: '/users',
    ...crumb('nav.groups.users', false),
    children: [
      { path: 'account', ...crumb('nav.account'), element: <AccountPage /> },
      { path: 'manage/:id', ...crumb('crumbs.details'), element: <UserDetailPage /> },
    ],
  },
];

async function open(api: FakeSecondFactorApi, url: string) {
  api.install();
  const rendered = await renderRoutes(routes, {
    initialEntries: [url],
    language: 'en',
    session: api.session(),
  });
  await screen.findByRole('region', { name: 'Second factor' });
  return rendered;
}

const card = () => within(screen.getByRole('region', { name: 'Second factor' }));

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

describe('own second factor on /users/account', () => {
  it('starts with the QR code and the key, confirms with a code and shows the ten recovery codes once', async () => {
    const api = new FakeSecondFactorApi();
    const { user } = await open(api, '/users/account');

    expect(await card().findByText('Off')).toBeTruthy();
    await user.click(card().getByRole('button', { name: 'Set up second factor' }));

    const qr = (await card().findByRole('img', {
      name: 'QR code for your authenticator app',
    })) as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe(QR_CODE);
    expect(card().getByTestId('second-factor-key').textContent).toBe(SECRET);
    expect(card().getByRole('button', { name: 'Copy key' })).toBeTruthy();

    await user.type(card().getByLabelText('Code from the app (6 digits)'), CODE);
    await user.click(card().getByRole('button', { name: 'Confirm' }));

    const codes = await card().findByRole('list', { name: 'Your recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(card().getByText(/shown only this once/)).toBeTruthy();
    expect(card().getByRole('button', { name: 'Copy codes' })).toBeTruthy();
    expect(card().getByRole('button', { name: 'Download codes' })).toBeTruthy();
    expect(api.sent('POST').map((request) => [request.url.pathname, request.body])).toEqual([
      ['/api/account/second-factor/enrolment', undefined],
      ['/api/account/second-factor/enrolment/confirm', { code: CODE }],
    ]);

    // Once stored, the codes are gone for good; the state says on.
    await user.click(card().getByRole('button', { name: 'I have stored the codes' }));
    expect(await card().findByText('On')).toBeTruthy();
    expect(card().queryByRole('list', { name: 'Your recovery codes' })).toBeNull();
    expect(card().getByText(/10 recovery codes left\./)).toBeTruthy();
  });

  it('shows the catalogue message for a wrong code, and asks for six digits before sending', async () => {
    const api = new FakeSecondFactorApi();
    const { user } = await open(api, '/users/account');
    await user.click(await card().findByRole('button', { name: 'Set up second factor' }));
    const input = await card().findByLabelText('Code from the app (6 digits)');

    await user.type(input, '12');
    await user.click(card().getByRole('button', { name: 'Confirm' }));
    expect(card().getByText('Enter the six digits the app shows.')).toBeTruthy();
    expect(api.sent('POST')).toHaveLength(1);

    await user.clear(input);
    await user.type(input, '654321');
    await user.click(card().getByRole('button', { name: 'Confirm' }));
    expect((await card().findByRole('alert')).textContent).toContain(
      errorCatalogue.SECOND_FACTOR_CODE_WRONG.messages.en,
    );
    expect(api.enrolled.size).toBe(0);
  });

  it('switches off with a current code, but not where the role requires one (409 message)', async () => {
    const api = new FakeSecondFactorApi();
    api.enrolled.add(api.me.id);
    api.requiredRoles = ['admin'];
    const { user } = await open(api, '/users/account');

    expect(await card().findByText('Your role requires it.')).toBeTruthy();
    await user.type(card().getByLabelText('Current code (or a recovery code)'), CODE);
    await user.click(card().getByRole('button', { name: 'Switch off second factor' }));
    expect((await card().findByRole('alert')).textContent).toContain(
      errorCatalogue.SECOND_FACTOR_REQUIRED_FOR_ROLE.messages.en,
    );

    api.requiredRoles = [];
    await user.click(card().getByRole('button', { name: 'Switch off second factor' }));
    expect(await card().findByText('Off')).toBeTruthy();
    expect(api.enrolled.size).toBe(0);
    expect(await screen.findByText('The second factor has been switched off.')).toBeTruthy();
  });
});

describe('new recovery codes', () => {
  it('shows ten new codes for a current code, and the catalogue message for a wrong one', async () => {
    const api = new FakeSecondFactorApi();
    api.enrolled.add(api.me.id);
    const { user } = await open(api, '/users/account');

    const field = await card().findByLabelText('Current code (for new recovery codes)');
    await user.type(field, '000000');
    await user.click(card().getByRole('button', { name: 'New recovery codes' }));
    expect((await card().findByRole('alert')).textContent).toContain(
      errorCatalogue.SECOND_FACTOR_CODE_WRONG.messages.en,
    );
    await user.clear(field);
    await user.type(field, CODE);
    await user.click(card().getByRole('button', { name: 'New recovery codes' }));
    const codes = await card().findByRole('list', { name: 'Your recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
  });
});

describe("admin reset of a user's second factor", () => {
  it('shows whether the user has one and resets it after the typed confirmation', async () => {
    const api = new FakeSecondFactorApi([{ username: 'mmuster', role: 'support' }]);
    const other = api.byUsername('mmuster')!;
    api.enrolled.add(other.id);
    const { user } = await open(api, `/users/manage/${other.id}`);

    const section = within(await screen.findByRole('region', { name: 'Second factor' }));
    expect(await section.findByText('Set up')).toBeTruthy();
    await user.click(section.getByRole('button', { name: 'Reset second factor' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Really reset the second factor?' }));
    const confirm = dialog.getByRole('button', { name: 'Reset second factor' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(dialog.getByTestId('confirm-input'), 'mmuster');
    await user.click(confirm);

    expect(await screen.findByText('The second factor of mmuster has been reset.')).toBeTruthy();
    expect(api.sent('DELETE').map((request) => request.url.pathname)).toEqual([
      `/api/users/${other.id}/second-factor`,
    ]);
    expect(await section.findByText('Not set up')).toBeTruthy();
  });

  it('offers no reset on the own user', async () => {
    const api = new FakeSecondFactorApi();
    api.enrolled.add(api.me.id);
    await open(api, `/users/manage/${api.me.id}`);

    const section = within(await screen.findByRole('region', { name: 'Second factor' }));
    expect(await section.findByText('Set up')).toBeTruthy();
    expect(section.getByText(errorCatalogue.OWN_USER.messages.en)).toBeTruthy();
    expect(section.queryByRole('button', { name: 'Reset second factor' })).toBeNull();
  });
});
