/**
 * Configuration reaches the platform (issue 18), tried as an operator would in Chromium against the real
 * bridge simulator: a casino deactivated while the bridge refuses connections is "pending delivery" on its
 * integration, and once the bridge is back the job delivers it by itself — the push screen says "In sync"
 * and the simulator holds the document with the casino inactive. A bound casino renamed behind the
 * integration's back shows as "Changes not delivered", field by field.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { confirmWith, skipReason, url, useBrowser } from './support/browser';
import { setSimulatorMode, simulator } from './support/simulator';

interface HeldDocument {
  integrationId: string;
  document: { configurationVersion: number; casinos: { id: string; name: string; active: boolean }[] };
}

/** The document the simulator holds for the integration now. */
async function held(integrationId: string) {
  const { configurations } = (await simulator('/__control/configurations')) as {
    configurations: HeldDocument[];
  };
  return configurations.find((configuration) => configuration.integrationId === integrationId)?.document;
}

async function json<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(url(path));
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

describe.skipIf(!!skipReason)('delivery of configuration changes', () => {
  const browser = useBrowser();

  afterAll(async () => {
    if (!skipReason) await setSimulatorMode('normal');
  });

  it('delivers a deactivated casino without a human, pending while the bridge is down', async () => {
    const page = await browser.open({ language: 'en' });
    const { items } = await json<{ items: { id: string; casinoIds: string[] }[] }>(
      page,
      '/api/integrations?pageSize=100',
    );
    const integration = items.find((item) => item.casinoIds.length > 0)!;
    expect(integration, 'a demo integration with a bound casino').toBeTruthy();
    const casinoId = integration.casinoIds[0]!;
    const casino = await json<{ name: string; active: boolean; version: number }>(
      page,
      `/api/casinos/${casinoId}`,
    );
    expect(casino.active).toBe(true);

    // The bridge refuses connections: the deactivation waits for it, and says so.
    await setSimulatorMode('refuse');
    await page.goto(url(`/casinos/manage/${casinoId}`));
    await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await confirmWith(page, casinoId, 'Deactivate');
    await page.getByText('Casino deactivated.').first().waitFor();
    await page.goto(url(`/integrations/manage/${integration.id}`));
    const pending = page.getByTestId('pending-delivery');
    await pending.waitFor();
    expect(await pending.textContent()).toBe('Pending delivery');
    await expect
      .poll(async () => pending.getAttribute('aria-label'), { timeout: 15_000 })
      .toContain('No connection to the bridge.');

    // The bridge is back: the job's next attempt delivers it by itself, within its back-off.
    await setSimulatorMode('normal');
    await expect
      .poll(
        async () => (await held(integration.id))?.casinos.find((entry) => entry.id === casinoId)?.active,
        { timeout: 30_000 },
      )
      .toBe(false);
    await page.goto(url(`/integrations/manage/${integration.id}/push`));
    await page.getByText('In sync', { exact: true }).waitFor();
    expect(await page.getByTestId('pending-delivery').count()).toBe(0);
    const history = page.getByRole('region', { name: 'Push history' });
    await history.getByText('Automatic').first().waitFor();

    // Renamed on the casino's screen: the integration's own record did not change, its document did.
    const renamed = `${casino.name} (renamed)`;
    const renameTo = async (name: string) => {
      await page.goto(url(`/casinos/manage/${casinoId}`));
      await page.getByLabel(/^Name/).fill(name);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await confirmWith(page, casinoId, 'Save');
      await page.getByRole('heading', { name }).waitFor();
    };
    await renameTo(renamed);
    await page.goto(url(`/integrations/manage/${integration.id}/push`));
    await page.getByText('Changes not delivered', { exact: true }).waitFor();
    const changes = page.getByRole('table', { name: 'Changes to deliver' });
    await changes.getByText(`casinos.${casinoId}.name`).waitFor();
    expect(await changes.innerText()).toContain(renamed);

    // Put the demo back: the old name, and the casino active again (delivered by itself too).
    await renameTo(casino.name);
    await page.getByRole('button', { name: 'Activate', exact: true }).click();
    await confirmWith(page, casinoId, 'Activate');
    await page.getByText('Casino activated.').first().waitFor();
    await expect
      .poll(
        async () => (await held(integration.id))?.casinos.find((entry) => entry.id === casinoId)?.active,
        { timeout: 30_000 },
      )
      .toBe(true);
  });
});
