/**
 * Control program verification in Chromium against the built product and its own bridge simulator, as an
 * admin and an auditor would try it: a first check finds the bridge's components unknown; the admin adds
 * their allowed hashes (behind the typed confirmation); the next check passes; with the simulator
 * reporting a tampered hash the check shows the mismatch, which is also a significant event and an alert
 * until someone acknowledges it.
 */
import { allowedHashConfirmText } from '@backoffice/contracts';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { confirmWith, skipReason, url, useBrowser } from './support/browser';
import { setSimulatorMode as setMode, simulator } from './support/simulator';

interface Component {
  name: string;
  hash: string;
}

const reported = async () => (await simulator('/__control/components')).components as Component[];

/** Starts a check of the demo bridge (with everything it reports) and waits for its results. */
async function checkTheBridge(page: Page): Promise<Map<string, string>> {
  await page.goto(url('/cpv/checks/trigger'));
  await page.getByRole('radio', { name: 'Chosen components' }).check();
  const bridge = page.getByRole('checkbox', { name: /^bridge:/ }).first();
  await bridge.check();
  await page.getByRole('button', { name: 'Start check' }).click();
  await confirmWith(page, 'CPV', 'Start check');
  await page.getByRole('heading', { name: 'Results' }).waitFor({ timeout: 30_000 });
  const rows = page.locator('tbody tr');
  // Rows with their results, not the placeholders shown while they load.
  await expect
    .poll(async () => (await rows.allInnerTexts()).join('\n').toLowerCase())
    .toMatch(/pass|mismatch|unknown component|unreachable/);
  const results = new Map<string, string>();
  for (const row of await rows.all()) {
    // Badges are shown in capitals (CSS), so the text is compared in lower case.
    const text = (await row.innerText()).toLowerCase();
    const component = (await reported()).find((entry) => text.includes(entry.name.toLowerCase()));
    const result = ['Pass', 'Mismatch', 'Unknown component', 'Unreachable'].find((label) =>
      text.includes(label.toLowerCase()),
    );
    if (component && result) results.set(component.name, result);
  }
  return results;
}

describe.skipIf(skipReason)('control program verification in Chromium', () => {
  const browser = useBrowser();

  afterEach(async () => {
    if (!skipReason) await setMode('normal');
  });

  // 35–42 s on two cores: too close to the default 60 s when another test run shares them.
  it(
    'an admin adds allowed hashes, checks, sees pass and a tampered component as mismatch, event and alert',
    { timeout: 120_000 },
    async () => {
      const page = await browser.open({ language: 'en', role: 'admin' });
      const components = await reported();
      expect(components.length).toBeGreaterThanOrEqual(2);

      // Nothing is allowed yet: every reported component is unknown.
      const first = await checkTheBridge(page);
      expect([...first.values()]).toEqual(components.map(() => 'Unknown component'));

      // The admin enters the vendor's hashes, each behind the typed confirmation.
      for (const component of components) {
        await page.goto(url('/cpv/allowed-hashes/add'));
        await page.getByLabel('Component', { exact: false }).first().fill(component.name);
        await page.getByLabel('Hash', { exact: false }).first().fill(component.hash.toUpperCase());
        await page.getByRole('button', { name: 'Add', exact: true }).click();
        await confirmWith(page, allowedHashConfirmText(component.hash), 'Add');
        await page.getByText('Hash added.').waitFor();
      }
      await page.goto(url('/cpv/allowed-hashes'));
      for (const component of components) {
        await expect.poll(() => page.locator('tbody').innerText()).toContain(component.name);
      }
      // A hash is unique: the same one again is refused with the catalogue's message.
      await page.goto(url('/cpv/allowed-hashes/add'));
      await page.getByLabel('Component', { exact: false }).first().fill('another-component');
      await page.getByLabel('Hash', { exact: false }).first().fill(components[0]!.hash);
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await confirmWith(page, allowedHashConfirmText(components[0]!.hash), 'Add');
      await page.getByText('Hash must be unique.').first().waitFor();

      const second = await checkTheBridge(page);
      expect([...second.values()]).toEqual(components.map(() => 'Pass'));

      // The simulator now reports a changed hash for one component.
      await setMode('tampered');
      const tampered = (await reported()).find(
        (component) => components.find((known) => known.name === component.name)!.hash !== component.hash,
      )!;
      expect(tampered).toBeDefined();
      const third = await checkTheBridge(page);
      expect(third.get(tampered.name)).toBe('Mismatch');
      expect([...third.values()].filter((result) => result === 'Pass')).toHaveLength(components.length - 1);

      // A significant event, and an alert for admins and developers until acknowledged.
      await page.goto(url('/reporting/significant-events'));
      await expect.poll(() => page.locator('tbody').innerText()).toContain(tampered.name);
      const alerts = page.getByRole('region', { name: 'Alerts' });
      await alerts.getByText(`CPV mismatch: ${tampered.name}`).waitFor();

      const developer = await browser.open({ language: 'en', role: 'developer' });
      await developer
        .getByRole('region', { name: 'Alerts' })
        .getByText(`CPV mismatch: ${tampered.name}`)
        .waitFor();
      const accountant = await browser.open({ language: 'en', role: 'accountant' });
      await accountant.getByTestId('user-area').waitFor();
      expect(await accountant.getByRole('region', { name: 'Alerts' }).count()).toBe(0);

      await alerts.getByRole('button', { name: 'Acknowledge' }).first().click();
      await confirmWith(page, tampered.name, 'Acknowledge');
      await page.getByText('The alert has been acknowledged.').waitFor();
      await expect.poll(() => alerts.getByText(`CPV mismatch: ${tampered.name}`).count()).toBe(0);

      // The results stay on record: the checks screen lists the mismatch.
      await page.goto(url(`/cpv/checks?result=mismatch`));
      await expect.poll(() => page.locator('tbody').last().innerText()).toContain(tampered.name);
    },
  );
});
