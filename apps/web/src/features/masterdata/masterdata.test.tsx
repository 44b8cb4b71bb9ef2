import {
  errorCatalogue,
  fxRateCreateSchema,
  fxRateUpdateSchema,
  globalSettingsUpdateSchema,
  type ErrorBody,
  type ErrorCode,
  type FxRate,
  type GlobalSettings,
} from '@backoffice/contracts';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyResponse, jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch';
import { fieldError, renderRoutes } from '../../test/render';
import { testSession } from '../../test/sessions';
import { ConfigurationPage } from './index';

const URL_PATH = '/masterdata/configuration';
const routes: RouteObject[] = [
  { path: URL_PATH, handle: { crumb: 'nav.configuration', linkable: true }, element: <ConfigurationPage /> },
];

const meta = { createdAt: '2025-01-01T12:00:00.000Z', updatedAt: '2025-01-01T12:00:00.000Z' };

function errorResponse(code: ErrorCode, details?: ErrorBody['details']): Response {
  const { status, messages } = errorCatalogue[code];
  return jsonResponse(status, { statusCode: status, code, message: messages.en, details });
}

const key = (rate: { day: string; currency: string }) => `${rate.day}/${rate.currency}`;

/** A stand-in for /api/masterdata: the settings, rates answered newest day first, and the import. */
function installApi() {
  let settings: GlobalSettings = {
    defaultGameRoundValidityPeriodDays: 30,
    bigWinBetMultiple: 20,
    bigWinMinEur: 1000,
    cpvDeactivateOnMismatch: false,
    secondFactorRoles: [],
    version: 1,
    ...meta,
  };
  const rates = new Map<string, FxRate>(
    (
      [
        ['2025-01-31', 'USD', '0.92'],
        ['2025-01-31', 'GBP', '1.18'],
        ['2025-02-01', 'USD', '0.93'],
      ] as const
    ).map(([day, currency, rateToEur]) => [
      `${day}/${currency}`,
      { day, currency, rateToEur, version: 1, ...meta },
    ]),
  );
  const requests: RecordedRequest[] = [];

  stubFetch((request) => {
    requests.push(request);
    const { method, url, body } = request;
    const path = url.pathname.replace('/api/masterdata', '');
    if (path === '/settings') {
      if (method === 'GET') return jsonResponse(200, settings);
      const input = globalSettingsUpdateSchema.parse(body);
      if (input.version !== settings.version) return errorResponse('STALE_VERSION');
      settings = { ...settings, ...input, version: settings.version + 1 };
      return jsonResponse(200, settings);
    }
    if (path === '/fx-rates' && method === 'GET') {
      const params = url.searchParams;
      const items = [...rates.values()]
        .filter((rate) => !params.get('currency') || rate.currency === params.get('currency'))
        .filter((rate) => !params.get('from') || rate.day >= params.get('from')!)
        .filter((rate) => !params.get('to') || rate.day <= params.get('to')!)
        .sort((a, b) => b.day.localeCompare(a.day) || a.currency.localeCompare(b.currency));
      return jsonResponse(200, { items, total: items.length, page: 1, pageSize: 20 });
    }
    if (path === '/fx-rates' && method === 'POST') {
      const input = fxRateCreateSchema.parse(body);
      if (rates.has(key(input))) return errorResponse('FX_RATE_EXISTS');
      const created = { ...input, version: 1, ...meta };
      rates.set(key(input), created);
      return jsonResponse(201, created);
    }
    if (path === '/fx-rates/import') {
      const lines = (body as { csv: string }).csv.trim().split('\n').slice(1);
      const bad = lines
        .map((line, index) => ({ line, number: index + 2 }))
        .filter(({ line }) => line.includes('EUR'));
      if (bad.length > 0) {
        return errorResponse(
          'FX_IMPORT_INVALID',
          bad.map(({ number }) => ({
            path: `line ${number}`,
            message: 'currency: not a three-letter currency code other than EUR.',
          })),
        );
      }
      let created = 0;
      let updated = 0;
      for (const line of lines) {
        const [day = '', currency = '', rateToEur = ''] = line.split(',');
        if (rates.has(`${day}/${currency}`)) updated++;
        else created++;
        rates.set(`${day}/${currency}`, { day, currency, rateToEur, version: 1, ...meta });
      }
      return jsonResponse(200, { created, updated });
    }
    const [, , day = '', currency = ''] = path.split('/');
    const current = rates.get(`${day}/${currency}`);
    if (!current) return errorResponse('RECORD_NOT_FOUND');
    if (method === 'PUT') {
      const input = fxRateUpdateSchema.parse(body);
      if (input.version !== current.version) return errorResponse('STALE_VERSION');
      const saved = { ...current, rateToEur: input.rateToEur, version: current.version + 1 };
      rates.set(key(saved), saved);
      return jsonResponse(200, saved);
    }
    if (method === 'DELETE') {
      if (Number(url.searchParams.get('version')) !== current.version) return errorResponse('STALE_VERSION');
      rates.delete(key(current));
      return emptyResponse(204);
    }
    return errorResponse('METHOD_NOT_ALLOWED');
  });
  return {
    requests,
    rates,
    sent: (method: string, suffix = '') =>
      requests.filter((r) => r.method === method && r.url.pathname === `/api/masterdata${suffix}`),
  };
}

async function confirm(user: UserEvent, typed: string, label: string) {
  const dialog = within(await screen.findByRole('dialog'));
  await user.type(dialog.getByTestId('confirm-input'), typed);
  await user.click(dialog.getByRole('button', { name: label }));
}

const byLabel = (label: RegExp, root: HTMLElement = document.body) =>
  within(root).getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

/** The rows of the rates table as their cells' text (day, currency, rate). */
function tableRows(): string[][] {
  const [, body] = within(screen.getByRole('table')).getAllByRole('rowgroup');
  return within(body!)
    .queryAllByRole('row')
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent ?? ''),
    );
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
});

describe('master data configuration', () => {
  describe('global settings', () => {
    it('changes the default validity period after typing the new value', async () => {
      const api = installApi();
      const { user } = await renderRoutes(routes, {
        initialEntries: [URL_PATH],
        language: 'en',
        session: testSession(),
      });
      const days = await screen.findByDisplayValue('30');
      await user.clear(days);
      await user.type(days, '45');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await confirm(user, '45', 'Save');
      await screen.findByText(/Version 2/);
      expect(api.sent('PUT', '/settings').map((r) => r.body)).toEqual([
        {
          defaultGameRoundValidityPeriodDays: 45,
          bigWinBetMultiple: 20,
          bigWinMinEur: 1000,
          cpvDeactivateOnMismatch: false,
          secondFactorRoles: [],
          version: 1,
        },
      ]);
    });

    it('defines a big win and whether a CPV mismatch deactivates the game version', async () => {
      const api = installApi();
      const { user } = await renderRoutes(routes, {
        initialEntries: [URL_PATH],
        language: 'en',
        session: testSession(),
      });
      const multiple = await screen.findByLabelText(/Big win from a multiple of the bet/);
      await user.clear(multiple);
      await user.type(multiple, '50');
      await user.clear(screen.getByLabelText(/Big win from an amount in euro/));
      await user.click(screen.getByLabelText(/A CPV mismatch deactivates/));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await confirm(user, '30', 'Save');
      await screen.findByText(/Version 2/);
      expect(api.sent('PUT', '/settings').map((r) => r.body)).toEqual([
        {
          defaultGameRoundValidityPeriodDays: 30,
          bigWinBetMultiple: 50,
          bigWinMinEur: null,
          cpvDeactivateOnMismatch: true,
          secondFactorRoles: [],
          version: 1,
        },
      ]);
    });

    it('chooses the roles that must use a second factor, saved with the rest', async () => {
      const api = installApi();
      const { user } = await renderRoutes(routes, {
        initialEntries: [URL_PATH],
        language: 'en',
        session: testSession(),
      });
      const select = await screen.findByLabelText(/Second factor required for/, { selector: 'input' });
      await user.click(select);
      await user.click(await screen.findByRole('option', { name: 'Support' }));
      await user.click(await screen.findByRole('option', { name: 'Administration' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await confirm(user, '30', 'Save');
      await screen.findByText(/Version 2/);
      expect(api.sent('PUT', '/settings').map((r) => r.body)).toEqual([
        {
          defaultGameRoundValidityPeriodDays: 30,
          bigWinBetMultiple: 20,
          bigWinMinEur: 1000,
          cpvDeactivateOnMismatch: false,
          secondFactorRoles: ['support', 'admin'],
          version: 1,
        },
      ]);
    });

    it('refuses a period out of range before asking to save', async () => {
      const api = installApi();
      const { user } = await renderRoutes(routes, {
        initialEntries: [URL_PATH],
        language: 'en',
        session: testSession(),
      });
      const days = await screen.findByDisplayValue('30');
      await user.clear(days);
      await user.type(days, '0');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(fieldError(days)).toBeTruthy());
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(api.sent('PUT', '/settings')).toHaveLength(0);
    });
  });

  describe('exchange rates', () => {
    it('lists the rates newest day first, in the language’s formats', async () => {
      installApi();
      await renderRoutes(routes, { initialEntries: [URL_PATH], language: 'de', session: testSession() });
      await waitFor(() => expect(tableRows()).toHaveLength(3));
      expect(tableRows()).toEqual([
        ['01.02.2025', 'USD', '0,93'],
        ['31.01.2025', 'GBP', '1,18'],
        ['31.01.2025', 'USD', '0,92'],
      ]);
    });

    it('filters by currency and days, keeping the filters in the URL', async () => {
      const api = installApi();
      const { user, router } = await renderRoutes(routes, {
        initialEntries: [`${URL_PATH}?currency=GBP`],
        language: 'en',
        session: testSession(),
      });
      await waitFor(() => expect(tableRows()).toEqual([['01/31/2025', 'GBP', '1.18']]));
      const currency = byLabel(/^Currency/);
      expect(currency.value).toBe('GBP');

      await user.clear(currency);
      await user.type(currency, 'usd');
      await waitFor(() => expect(router.state.location.search).toBe('?currency=USD'));
      fireEvent.change(byLabel(/^From/), { target: { value: '02/01/2025' } });
      await waitFor(() => expect(router.state.location.search).toBe('?currency=USD&from=2025-02-01'));
      await waitFor(() => expect(tableRows()).toEqual([['02/01/2025', 'USD', '0.93']]));
      expect(api.requests.at(-1)!.url.search).toContain('currency=USD&from=2025-02-01');
    });

    it('adds a rate (decimal comma taken as a dot) after typing its day and currency', async () => {
      const api = installApi();
      const { user } = await renderRoutes(routes, {
        initialEntries: [URL_PATH],
        language: 'de',
        session: testSession(),
      });
      await user.click(await screen.findByRole('button', { name: 'Kurs hinzufügen' }));
      const form = screen.getByRole('region', { name: 'Wechselkurs hinzufügen' });
      fireEvent.change(byLabel(/^Tag/, form), { target: { value: '03.02.2025' } });
      await user.type(byLabel(/^Währung/, form), 'chf');
      await user.type(byLabel(/^Kurs zu EUR/, form), '1,0512');
      await user.click(within(form).getByRole('button', { name: 'Anlegen' }));
      await confirm(user, '2025-02-03/CHF', 'Anlegen');
      await waitFor(() => expect(api.sent('POST', '/fx-rates')).toHaveLength(1));
      expect(api.sent('POST', '/fx-rates')[0]!.body).toEqual({
        day: '2025-02-03',
        currency: 'CHF',
        rateToEur: '1.0512',
      });
      await waitFor(() => expect(tableRows()[0]).toEqual(['03.02.2025', 'CHF', '1,0512']));
      expect(screen.queryByRole('region', { name: 'Wechselkurs hinzufügen' })).toBeNull();
    });

    it('shows a rate that exists under the day', async () => {
      installApi();
      const { user } = await renderRoutes(routes, {
        initialEntries: [URL_PATH],
        language: 'en',
        session: testSession(),
      });
      await user.click(await screen.findByRole('button', { name: 'Add rate' }));
      const form = screen.getByRole('region', { name: 'Add exchange rate' });
      const day = byLabel(/^Day/, form);
      fireEvent.change(day, { target: { value: '01/31/2025' } });
      await user.type(byLabel(/^Currency/, form), 'USD');
      await user.type(byLabel(/^Rate to EUR/, form), '0.95');
      await user.click(within(form).getByRole('button', { name: 'Create' }));
      await confirm(user, '2025-01-31/USD', 'Create');
      await waitFor(() =>
        expect(fieldError(day)).toBe('There is already a rate for this currency on this day.'),
      );
    });

    it('changes a rate at the version read', async () => {
      const api = installApi();
      const { user } = await renderRoutes(routes, {
        initialEntries: [URL_PATH],
        language: 'en',
        session: testSession(),
      });
      await user.click(await screen.findByRole('button', { name: 'Change 2025-01-31/USD' }));
      const form = screen.getByRole('region', { name: 'Change the rate of USD on 01/31/2025' });
      expect(byLabel(/^Currency/, form).readOnly).toBe(true);
      const rate = byLabel(/^Rate to EUR/, form);
      await user.clear(rate);
      await user.type(rate, '0.9312');
      await user.click(within(form).getByRole('button', { name: 'Save' }));
      await confirm(user, '2025-01-31/USD', 'Save');
      await waitFor(() => expect(api.sent('PUT', '/fx-rates/2025-01-31/USD')).toHaveLength(1));
      expect(api.sent('PUT', '/fx-rates/2025-01-31/USD')[0]!.body).toEqual({
        rateToEur: '0.9312',
        version: 1,
      });
      await waitFor(() => expect(tableRows()).toContainEqual(['01/31/2025', 'USD', '0.9312']));
    });

    it('deletes a rate after typing its day and currency', async () => {
      const api = installApi();
      const { user } = await renderRoutes(routes, {
        initialEntries: [URL_PATH],
        language: 'en',
        session: testSession(),
      });
      await user.click(await screen.findByRole('button', { name: 'Delete 2025-01-31/GBP' }));
      await confirm(user, '2025-01-31/GBP', 'Delete');
      await waitFor(() => expect(api.rates.has('2025-01-31/GBP')).toBe(false));
      expect(api.sent('DELETE', '/fx-rates/2025-01-31/GBP')[0]!.url.searchParams.get('version')).toBe('1');
      await waitFor(() => expect(tableRows()).toHaveLength(2));
    });
  });

  describe('import', () => {
    it('imports pasted CSV and shows how many rates were created and updated', async () => {
      const api = installApi();
      const { user } = await renderRoutes(routes, {
        initialEntries: [URL_PATH],
        language: 'en',
        session: testSession(),
      });
      await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
      const panel = screen.getByRole('region', { name: 'Import exchange rates' });
      const csv = 'day,currency,rateToEur\n2025-01-31,USD,0.95\n2025-02-02,JPY,0.0061';
      fireEvent.change(within(panel).getByLabelText('CSV text'), { target: { value: csv } });
      await user.click(within(panel).getByRole('button', { name: 'Import' }));
      await confirm(user, 'Import', 'Import');
      expect(await within(panel).findByText('Imported: 1 created, 1 updated.')).toBeTruthy();
      expect(api.sent('POST', '/fx-rates/import')[0]!.body).toEqual({ csv });
      await waitFor(() => expect(tableRows()[0]).toEqual(['02/02/2025', 'JPY', '0.0061']));
    });

    it('lists every refused line and imports nothing', async () => {
      const api = installApi();
      const { user } = await renderRoutes(routes, {
        initialEntries: [URL_PATH],
        language: 'de',
        session: testSession(),
      });
      await user.click(await screen.findByRole('button', { name: 'CSV importieren' }));
      const panel = screen.getByRole('region', { name: 'Wechselkurse importieren' });
      fireEvent.change(within(panel).getByLabelText('CSV-Text'), {
        target: {
          value: 'day,currency,rateToEur\n2025-01-31,EUR,1\n2025-02-02,JPY,0.0061\n2025-02-03,EUR,1',
        },
      });
      await user.click(within(panel).getByRole('button', { name: 'Importieren' }));
      await confirm(user, 'Importieren', 'Importieren');
      expect(
        await within(panel).findByText('Der Import enthält ungültige Zeilen; es wurde nichts importiert.'),
      ).toBeTruthy();
      const list = within(panel).getByRole('list', { name: 'Ungültige Zeilen' });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'Zeile 2: currency: not a three-letter currency code other than EUR.',
        'Zeile 4: currency: not a three-letter currency code other than EUR.',
      ]);
      expect(api.rates.has('2025-02-02/JPY')).toBe(false);
    });

    it('reads a chosen file into the text', async () => {
      installApi();
      const { user } = await renderRoutes(routes, {
        initialEntries: [URL_PATH],
        language: 'en',
        session: testSession(),
      });
      await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
      const panel = screen.getByRole('region', { name: 'Import exchange rates' });
      const csv = 'day;currency;rateToEur\n2025-01-31;USD;0,95';
      const picker = panel.querySelector('input[type="file"]') as HTMLInputElement;
      await user.upload(picker, new File([csv], 'rates.csv', { type: 'text/csv' }));
      await waitFor(() =>
        expect((within(panel).getByLabelText('CSV text') as HTMLTextAreaElement).value).toBe(csv),
      );
    });
  });

  describe('permissions', () => {
    it('shows a visitor the settings and rates without any way to change them', async () => {
      installApi();
      await renderRoutes(routes, {
        initialEntries: [URL_PATH],
        language: 'en',
        session: testSession('visitor'),
      });
      // The settings as text, without input boxes (a role that may only look).
      const record = await screen.findByTestId('read-only-record');
      expect(within(record).getByText('30')).toBeTruthy();
      expect(within(record).queryAllByRole('textbox')).toHaveLength(0);
      await waitFor(() => expect(tableRows()).toHaveLength(3));
      expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Add rate' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
      expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    });

    it('shows qa (no reports) the settings only, and asks no rates', async () => {
      const api = installApi();
      await renderRoutes(routes, { initialEntries: [URL_PATH], language: 'en', session: testSession('qa') });
      // The settings as text, without input boxes (a role that may only look).
      const record = await screen.findByTestId('read-only-record');
      expect(within(record).getByText('30')).toBeTruthy();
      expect(within(record).queryAllByRole('textbox')).toHaveLength(0);
      expect(screen.queryByRole('table')).toBeNull();
      expect(api.requests.some((r) => r.url.pathname.includes('fx-rates'))).toBe(false);
    });
  });
});
