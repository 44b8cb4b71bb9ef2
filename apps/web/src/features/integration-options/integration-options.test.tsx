import {
  errorCatalogue,
  integrationOptionCreateSchema,
  integrationOptionUpdateSchema,
  type ErrorCode,
  type IntegrationOption,
  type Language,
} from '@backoffice/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyResponse, jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch';
import { fieldError, renderRoutes, shownValue } from '../../test/render';
import { testSession } from '../../test/sessions';
import {
  IntegrationOptionCreatePage,
  IntegrationOptionDetailPage,
  IntegrationOptionsListPage,
} from './index';

const LIST = '/casinos/integration-options';
const ID = '00000000-0000-4000-8000-000000000001';
const IN_USE_ID = '00000000-0000-4000-8000-000000000002';

const routes: RouteObject[] = [
  {
    path: LIST,
    handle: { crumb: 'nav.integrationOptions', linkable: true },
    children: [
      { index: true, element: <IntegrationOptionsListPage /> },
      { path: 'create', element: <IntegrationOptionCreatePage /> },
      { path: ':id', element: <IntegrationOptionDetailPage /> },
    ],
  },
];

const meta = { createdAt: '2025-01-01T12:00:00.000Z', updatedAt: '2025-01-01T12:00:00.000Z' };

function errorResponse(code: ErrorCode): Response {
  const { status, messages } = errorCatalogue[code];
  return jsonResponse(status, { statusCode: status, code, message: messages.en });
}

/** A small stand-in for /api/integration-options: two options, names unique regardless of case. */
function installApi() {
  const options = new Map<string, IntegrationOption>([
    [ID, { id: ID, name: 'Max stake', dataType: 'currency', casinoCount: 0, version: 3, ...meta }],
    [
      IN_USE_ID,
      { id: IN_USE_ID, name: 'Jackpot enabled', dataType: 'boolean', casinoCount: 2, version: 1, ...meta },
    ],
  ]);
  const requests: RecordedRequest[] = [];
  const taken = (name: string, except?: string) =>
    [...options.values()].some((o) => o.id !== except && o.name.toLowerCase() === name.toLowerCase());

  stubFetch(({ method, url, body, ...rest }) => {
    requests.push({ method, url, body, ...rest });
    const id = url.pathname.split('/')[3];
    if (!id && method === 'GET') {
      const items = [...options.values()].sort((a, b) => a.name.localeCompare(b.name));
      return jsonResponse(200, { items, total: items.length, page: 1, pageSize: 20 });
    }
    if (!id && method === 'POST') {
      const input = integrationOptionCreateSchema.parse(body);
      if (taken(input.name)) return errorResponse('INTEGRATION_OPTION_NAME_TAKEN');
      const created: IntegrationOption = {
        id: ID.replace(/1$/, '9'),
        ...input,
        casinoCount: 0,
        version: 1,
        ...meta,
      };
      options.set(created.id, created);
      return jsonResponse(201, created);
    }
    const current = id ? options.get(id) : undefined;
    if (!current) return errorResponse('INTEGRATION_OPTION_NOT_FOUND');
    if (method === 'GET') return jsonResponse(200, current);
    if (method === 'PUT') {
      const { version, ...input } = integrationOptionUpdateSchema.parse(body);
      if (version !== current.version) return errorResponse('STALE_VERSION');
      if (taken(input.name, id)) return errorResponse('INTEGRATION_OPTION_NAME_TAKEN');
      if (input.dataType !== current.dataType && current.casinoCount > 0)
        return errorResponse('INTEGRATION_OPTION_IN_USE');
      const saved = { ...current, ...input, version: version + 1 };
      options.set(current.id, saved);
      return jsonResponse(200, saved);
    }
    if (method === 'DELETE') {
      if (current.casinoCount > 0) return errorResponse('INTEGRATION_OPTION_IN_USE');
      options.delete(current.id);
      return emptyResponse(204);
    }
    return errorResponse('METHOD_NOT_ALLOWED');
  });
  return { options, requests };
}

async function confirm(user: UserEvent, typed: string, label: string) {
  const dialog = within(await screen.findByRole('dialog'));
  await user.type(dialog.getByTestId('confirm-input'), typed);
  await user.click(dialog.getByRole('button', { name: label }));
}

const byLabel = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

async function chooseDataType(user: UserEvent, label: string) {
  await user.click(byLabel(/^(Data type|Datentyp)/));
  await user.click(await screen.findByRole('option', { name: label }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
});

describe('integration options', () => {
  it('lists options with their translated data type and casino count', async () => {
    installApi();
    await renderRoutes(routes, { initialEntries: [LIST], language: 'de', session: testSession() });
    expect(await screen.findByRole('link', { name: 'Max stake' })).toBeTruthy();
    const row = screen.getByRole('link', { name: 'Jackpot enabled' }).closest('tr')!;
    expect(within(row).getByText('Ja/Nein')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(screen.getByText('Geldbetrag')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Anlegen' })).toBeTruthy();
  });

  it('creates an option with the chosen data type after the typed confirmation', async () => {
    const { requests } = installApi();
    const { user, router } = await renderRoutes(routes, {
      initialEntries: [`${LIST}/create`],
      language: 'en',
      session: testSession(),
    });
    await user.type(byLabel(/^Name/), 'Session timeout');
    await chooseDataType(user, 'Duration');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await confirm(user, 'Session timeout', 'Create');
    await waitFor(() => expect(router.state.location.pathname).toBe(`${LIST}/${ID.replace(/1$/, '9')}`));
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      name: 'Session timeout',
      dataType: 'duration',
    });
  });

  it('previews the input casinos will use for the chosen data type, with the stored format', async () => {
    installApi();
    const { user } = await renderRoutes(routes, {
      initialEntries: [`${LIST}/create`],
      language: 'en',
      session: testSession(),
    });
    const preview = () => within(screen.getByRole('group', { name: 'Preview' }));
    const stored = () => screen.getByTestId('preview-stored').textContent;
    await user.type(preview().getByLabelText('Value', { selector: 'input' }), 'abc');
    expect(stored()).toBe('Stored as: abc');

    await chooseDataType(user, 'Yes/no');
    expect(stored()).toBe('Stored as: (empty)');
    await user.click(preview().getByRole('switch', { name: 'Value' }));
    expect(stored()).toBe('Stored as: true');

    await chooseDataType(user, 'Duration');
    await user.type(preview().getByRole('textbox', { name: 'Hours' }), '2');
    await user.type(preview().getByRole('textbox', { name: 'Minutes' }), '30');
    expect(stored()).toBe('Stored as: PT2H30M');

    await chooseDataType(user, 'Amount of money');
    await user.type(preview().getByLabelText('Value', { selector: 'input' }), '12.5');
    expect(stored()).toBe('Stored as: EUR 12.50');

    await chooseDataType(user, 'Number');
    await user.type(preview().getByLabelText('Value', { selector: 'input' }), '0.25');
    expect(stored()).toBe('Stored as: 0.25');
  });

  it.each<[Language, string, string]>([
    ['de', 'Der Name der Integrationsoption ist bereits vergeben.', 'Speichern'],
    ['en', 'Integration option name already taken.', 'Save'],
  ])('shows a taken name under the field (%s)', async (language, message, save) => {
    installApi();
    const { user } = await renderRoutes(routes, {
      initialEntries: [`${LIST}/${ID}`],
      language,
      session: testSession(),
    });
    const name = await screen.findByDisplayValue('Max stake');
    await user.clear(name);
    await user.type(name, 'JACKPOT ENABLED');
    await user.click(screen.getByRole('button', { name: save }));
    await confirm(user, 'Max stake', save);
    await waitFor(() => expect(fieldError(name)).toBe(message));
  });

  it('saves a change at the version read and shows the next version', async () => {
    const { requests } = installApi();
    const { user } = await renderRoutes(routes, {
      initialEntries: [`${LIST}/${ID}`],
      language: 'en',
      session: testSession(),
    });
    await screen.findByDisplayValue('Max stake');
    await chooseDataType(user, 'Number');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await confirm(user, 'Max stake', 'Save');
    await screen.findByText(/Version 4/);
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({
      name: 'Max stake',
      dataType: 'number',
      version: 3,
    });
  });

  it('keeps the data type of an option casinos use, and refuses deleting it', async () => {
    installApi();
    const { user } = await renderRoutes(routes, {
      initialEntries: [`${LIST}/${IN_USE_ID}`],
      language: 'en',
      session: testSession(),
    });
    await screen.findByDisplayValue('Jackpot enabled');
    expect(screen.getByText('Used by 2 casinos')).toBeTruthy();
    expect(byLabel(/^Data type/).disabled).toBe(true);
    expect(
      screen.getByText('2 casinos have a value for this option: its data type cannot change.'),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await confirm(user, 'Jackpot enabled', 'Delete');
    expect(await screen.findByText('Integration option in use.')).toBeTruthy();
  });

  it('deletes an unused option after the typed confirmation and returns to the list', async () => {
    const { options } = installApi();
    const { user, router } = await renderRoutes(routes, {
      initialEntries: [`${LIST}/${ID}`],
      language: 'de',
      session: testSession(),
    });
    await screen.findByDisplayValue('Max stake');
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    await confirm(user, 'Max stake', 'Löschen');
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
    expect(options.has(ID)).toBe(false);
  });

  it('is read-only for a role that may not change it', async () => {
    installApi();
    await renderRoutes(routes, {
      initialEntries: [`${LIST}/${ID}`],
      language: 'en',
      session: testSession('visitor'),
    });
    expect(await shownValue('Name')).toBe('Max stake');
    expect(screen.queryByRole('textbox', { name: /^Name/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows the not-found page for an unknown option and for an id that is not one', async () => {
    installApi();
    await renderRoutes(routes, {
      initialEntries: [`${LIST}/00000000-0000-4000-8000-00000000000f`],
      language: 'en',
      session: testSession(),
    });
    expect(await screen.findByText('This page could not be found')).toBeTruthy();
  });
});
