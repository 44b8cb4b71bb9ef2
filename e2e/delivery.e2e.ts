/**
 * Configuration reaches the platform (issue 18), tried as an operator would in Chromium against the real
 * bridge simulator: a casino deactivated while the bridge refuses connections is "pending delivery" on its
 * integration, and once the bridge is back the job delivers it by itself — the push screen says "In sync"
 * and the simulator holds the document with the casino inactive. A bound casino renamed behind the
 * integration's back shows as "Changes not delivered", field by field, on the push screen and in the list.
 * The spec runs its own product, whose overdue alert comes after seconds rather than minutes.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmWith, skipReason, useBrowser } from './support/browser';
import { startProduct, type RunningProduct } from './support/product';
import { simulator } from './support/simulator';

/** The alert's time in this spec's own product: the shortest the setting allows. */
const ALERT_SECONDS = 10;

interface HeldDocument {
  integrationId: string;
  document: { configurationVersion: number; casinos: { id: string; name: string; active: boolean }[] };
}

async function json<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

describe.skipIf(!!skipReason)('delivery of configuration changes', () => {
  const browser = useBrowser();
  /** A product of its own: the overdue alert comes after seconds, and the demo it changes is its own. */
  let product: RunningProduct;
  const control = (path: string, body?: unknown) => simulator(path, body, product.simulatorControlUrl);
  const setMode = (mode: string) => control('/__control/mode', { mode });
  /** The document the simulator holds for the integration now. */
  const held = async (integrationId: string) => {
    const { configurations } = (await control('/__control/configurations')) as {
      configurations: HeldDocument[];
    };
    return configurations.find((configuration) => configuration.integrationId === integrationId)?.document;
  };

  beforeAll(async () => {
    if (skipReason) return;
    product = await startProduct({ CONFIG_DELIVERY_ALERT_SECONDS: String(ALERT_SECONDS) });
  }, 120_000);
  afterAll(async () => {
    await product?.stop();
  });

  it(
    'delivers a deactivated casino without a human, pending and then alerted while the bridge is down',
    { timeout: 240_000 },
    async () => {
      const page = await browser.open({ language: 'en', baseUrl: product.baseUrl });
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
      /** The integration's row of the list: its state at the bridge and last push. */
      const listed = async () => {
        await page.goto(`/integrations/manage?q=${integration.id}`);
        const row = page
          .getByRole('row')
          .filter({ has: page.getByRole('link', { name: integration.id, exact: true }) });
        await row.waitFor();
        return row;
      };

      // The bridge refuses connections: the deactivation waits for it, and says so on the casino's screen.
      await setMode('refuse');
      await page.goto(`/casinos/manage/${casinoId}`);
      await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
      await confirmWith(page, casinoId, 'Deactivate');
      await page.getByText('Casino deactivated.').first().waitFor();
      expect(await page.getByTestId('pending-delivery').textContent()).toBe('Pending delivery');
      await page.goto(`/integrations/manage/${integration.id}`);
      const pending = page.getByTestId('pending-delivery');
      await pending.waitFor();
      expect(await pending.textContent()).toBe('Pending delivery');
      await expect
        .poll(async () => pending.getAttribute('aria-label'), { timeout: 15_000 })
        .toContain('No connection to the bridge.');
      expect(await (await listed()).getByTestId('pending-delivery').count()).toBe(1);

      // Not confirmed within the set time: admins see an alert (the job raises it at its next attempt).
      await expect
        .poll(
          async () => {
            await page.goto('/');
            // The alert list loads on its own once there are alerts to show.
            return page
              .getByRole('region', { name: 'Alerts' })
              .getByText(`Configuration not delivered: ${integration.id}`)
              .waitFor({ timeout: 5_000 })
              .then(
                () => true,
                () => false,
              );
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toBe(true);
      await page.getByRole('link', { name: 'Show the push screen' }).click();
      await page.waitForURL(`**/integrations/manage/${integration.id}/push`);

      // The bridge is back: the job's next attempt delivers it by itself, within its back-off.
      await setMode('normal');
      await expect
        .poll(
          async () => (await held(integration.id))?.casinos.find((entry) => entry.id === casinoId)?.active,
          { timeout: 45_000 },
        )
        .toBe(false);
      await page.goto(`/integrations/manage/${integration.id}/push`);
      await page.getByText('In sync', { exact: true }).waitFor();
      expect(await page.getByTestId('pending-delivery').count()).toBe(0);
      const history = page.getByRole('region', { name: 'Push history' });
      await history.getByText('Automatic').first().waitFor();
      expect(await (await listed()).getByTestId('sync-badge').textContent()).toBe('In sync');

      // Renamed on the casino's screen: the integration's own record did not change, its document did.
      const renamed = `${casino.name} (renamed)`;
      await page.goto(`/casinos/manage/${casinoId}`);
      expect(await page.getByTestId('pending-delivery').count()).toBe(0);
      await page.getByLabel(/^Name/).fill(renamed);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await confirmWith(page, casinoId, 'Save');
      await page.getByRole('heading', { name: renamed }).waitFor();
      expect(await (await listed()).getByTestId('sync-badge').textContent()).toBe('Changes not delivered');
      await page.goto(`/integrations/manage/${integration.id}/push`);
      await page.getByText('Changes not delivered', { exact: true }).waitFor();
      const changes = page.getByRole('table', { name: 'Changes to deliver' });
      await changes.getByText(`casinos.${casinoId}.name`).waitFor();
      expect(await changes.innerText()).toContain(renamed);
    },
  );
});
