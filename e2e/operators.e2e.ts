/**
 * Connecting an operator as a new user would (issue 5's acceptance), in Chromium against the built
 * product and the bridge simulator that `--demo` runs (on free ports the global setup chose): a bridge, an
 * integration option, a casino with its operator API and an option value, an integration with a rule and
 * a passing test, games, activation behind the typed confirmation, and pushes — also while the simulator
 * refuses connections and while it hangs.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  confirmWith,
  simulatorControlUrl,
  simulatorUrl,
  skipReason,
  url,
  useBrowser,
} from './support/browser';

const SIMULATOR_URL = simulatorUrl;
const SIMULATOR_CONTROL = `${simulatorControlUrl}/__control/mode`;
/** The secret of the demo simulator (apps/server/src/demo/bridges.ts): only for the local demo. */
const SIMULATOR_SECRET = 'demo-bridge-secret-not-for-production';

async function setSimulatorMode(mode: string): Promise<void> {
  const response = await fetch(SIMULATOR_CONTROL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode }),
  });
  expect(response.status).toBe(200);
}

/** The text input of a labelled field (Mantine also labels listboxes and pills). */
function field(page: Page, label: RegExp) {
  return page.locator('input:not([type=hidden])').and(page.getByLabel(label));
}

async function choose(page: Page, label: RegExp, option: string | RegExp, search?: string) {
  const input = field(page, label);
  await input.click();
  if (search) await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

describe.skipIf(!!skipReason)('operators', () => {
  const browser = useBrowser();
  afterAll(() => (skipReason ? undefined : setSimulatorMode('normal')));

  // 40 s on two cores, and over the default 60 s when another test run shared them.
  it(
    'a bridge, an option, a casino and an integration; activation, games and pushes through the simulator',
    { timeout: 120_000 },
    async () => {
      const page = await browser.open({ language: 'en' });
      const s = Date.now().toString(36);

      // A bridge to the simulator, and its connection checked.
      const bridgeName = `E2E bridge ${s}`;
      await page.goto(url('/bridges/manage/create'));
      await field(page, /^Name/).fill(bridgeName);
      await field(page, /^Router URL/).fill(SIMULATOR_URL);
      await field(page, /^Shared secret/).fill(SIMULATOR_SECRET);
      await page.getByRole('button', { name: 'Create' }).click();
      await confirmWith(page, bridgeName, 'Create');
      await page.getByRole('heading', { name: bridgeName }).waitFor();
      await page.getByRole('button', { name: 'Check connection' }).click();
      await page.getByText('The bridge answers (protocol version 1).').waitFor();

      // An integration option of type number.
      const optionName = `E2E max stake ${s}`;
      await page.goto(url('/casinos/integration-options/create'));
      await field(page, /^Name/).fill(optionName);
      await choose(page, /^Data type/, 'Number');
      await page.getByRole('button', { name: 'Create' }).click();
      await confirmWith(page, optionName, 'Create');
      await page.getByRole('heading', { name: optionName }).waitFor();

      // A casino on that bridge with its operator API and a value for the option.
      const casinoId = `e2e-casino-${s}`;
      await page.goto(url('/casinos/manage/create'));
      await field(page, /^Id/).fill(casinoId);
      await field(page, /^Name/).fill(`E2E Casino ${s}`);
      await choose(page, /^Bridge/, bridgeName, 'E2E bridge');
      await choose(page, /^Jurisdiction/, 'Malta (MGA)');
      await field(page, /^API URL/).fill('https://wallet.e2e.example/api');
      await choose(page, /^Add integration option/, optionName);
      await field(page, new RegExp(`^${optionName}`)).fill('25');
      await page.getByRole('button', { name: 'Create' }).click();
      await confirmWith(page, casinoId, 'Create');
      await page.getByRole('heading', { name: `E2E Casino ${s}` }).waitFor();
      const casino = await (await page.request.get(url(`/api/casinos/${casinoId}`))).json();
      expect(casino).toMatchObject({ active: false, config: { apiUrl: 'https://wallet.e2e.example/api' } });
      expect(casino.optionValues).toEqual([expect.objectContaining({ optionName, value: '25' })]);

      // Activate the casino, deactivate and reactivate it, each behind the typed casino id.
      for (const action of ['Activate', 'Deactivate', 'Activate'] as const) {
        await page.getByRole('button', { name: action, exact: true }).click();
        await confirmWith(page, casinoId, action);
        await page
          .getByText(action === 'Deactivate' ? 'Casino deactivated.' : 'Casino activated.')
          .first()
          .waitFor();
      }
      expect((await (await page.request.get(url(`/api/casinos/${casinoId}`))).json()).active).toBe(true);

      // A game in the casino: added, then activated behind the typed game id.
      await page.getByRole('tab', { name: /^Games/ }).click();
      await choose(page, /^Game$/, /Aurora Spins/, 'aurora');
      await page.getByRole('button', { name: 'Add game' }).click();
      await page.getByText('Game aurora-spins added.').waitFor();
      for (const action of ['Activate', 'Deactivate', 'Activate'] as const) {
        await page.getByRole('button', { name: action, exact: true }).last().click();
        await confirmWith(page, 'aurora-spins', action);
        await page
          .getByText(`Game aurora-spins ${action === 'Activate' ? 'activated' : 'deactivated'}.`)
          .first()
          .waitFor();
      }
      const games = await (await page.request.get(url(`/api/casinos/${casinoId}/games`))).json();
      expect(games.items).toEqual([expect.objectContaining({ gameId: 'aurora-spins', active: true })]);
      const trail = await (
        await page.request.get(
          url(`/api/audit-entries?entityType=casino-game&entityId=${casinoId}/aurora-spins`),
        )
      ).json();
      expect(trail.items.map((entry: { action: string }) => entry.action)).toEqual([
        'activate',
        'deactivate',
        'activate',
        'create',
      ]);

      // An integration binding the casino, with a rule and a passing test.
      const integrationId = `e2e-int-${s}`;
      await page.goto(url('/integrations/manage/create'));
      await field(page, /^Id/).fill(integrationId);
      await field(page, /^Name/).fill(`E2E Integration ${s}`);
      await choose(page, /^Bridge/, bridgeName, 'E2E bridge');
      await choose(page, /^Bound casinos/, new RegExp(casinoId), casinoId);
      await page.keyboard.press('Escape');
      await choose(page, /^Default casino/, new RegExp(casinoId));
      await page.getByRole('tab', { name: /^Rules/ }).click();
      await page.getByRole('button', { name: 'Add rule' }).click();
      await field(page, /^Name/).last().fill('Swedish kronor');
      await field(page, /^Currencies/).fill('SEK');
      await field(page, /^Currencies/).press('Enter');
      await choose(page, /^Target casino/, new RegExp(casinoId));
      await page.getByRole('tab', { name: /^Tests/ }).click();
      await page.getByRole('button', { name: 'Add test' }).click();
      await field(page, /^Name/).last().fill('Kronor reach the casino');
      await field(page, /^Currency/).fill('SEK');
      await choose(page, /^Expected casino/, new RegExp(casinoId));
      await page.getByText('All tests pass').first().waitFor();
      await page.getByRole('button', { name: 'Create' }).click();
      await confirmWith(page, integrationId, 'Create');
      await page.getByRole('heading', { name: `E2E Integration ${s}` }).waitFor();
      const integration = await (await page.request.get(url(`/api/integrations/${integrationId}`))).json();
      expect(integration).toMatchObject({ casinoIds: [casinoId], defaultCasinoId: casinoId, lastPush: null });
      expect(integration.rules).toHaveLength(1);

      // Push: the bridge's answer is shown and lastPush is stored.
      await page.goto(url(`/integrations/manage/${integrationId}/push`));
      await page.getByText('Configuration document').waitFor();
      const push = async () => {
        await page.getByRole('button', { name: 'Push', exact: true }).first().click();
        await confirmWith(page, integrationId, 'Push');
      };
      await push();
      await page.getByText('The bridge received the configuration.').waitFor();
      const pushed = await (await page.request.get(url(`/api/integrations/${integrationId}`))).json();
      expect(pushed.lastPush).toMatchObject({ configurationVersion: integration.version });

      // The simulator refuses connections: "No connection to the bridge."; lastPush stays.
      await setSimulatorMode('refuse');
      await page.reload();
      await push();
      // The error, and the failed push in the history below it.
      await page.getByText('No connection to the bridge.').first().waitFor();
      // It hangs: after the client's timeout, "Bridge does not respond."
      await setSimulatorMode('hang');
      await page.reload();
      await push();
      await page.getByText('Bridge does not respond.').first().waitFor({ timeout: 15_000 });
      await setSimulatorMode('normal');
      const after = await (await page.request.get(url(`/api/integrations/${integrationId}`))).json();
      expect(after.lastPush).toEqual(pushed.lastPush);
    },
  );
});
