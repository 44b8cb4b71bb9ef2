/** The jurisdictions slice as a user works with it, in German and in English. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmWith, skipReason, url, useBrowser } from './support/browser';

/** Sends a change behind the user's back, as a colleague would. */
async function renameThroughApi(page: Page, id: string, name: string) {
  const current = await (await page.request.get(url(`/api/jurisdictions/${id}`))).json();
  const response = await page.request.put(url(`/api/jurisdictions/${id}`), {
    data: { name, version: current.version },
    headers: { 'x-requested-with': 'backoffice' },
  });
  expect(response.status()).toBe(200);
}

describe.skipIf(!!skipReason)('jurisdictions', () => {
  const browser = useBrowser();

  it('lists, searches and sorts with the state in the URL', async () => {
    const page = await browser.open();
    await page.goto(url('/masterdata/jurisdictions'));
    await page.getByRole('link', { name: 'Malta (MGA)' }).waitFor();

    await page.getByRole('searchbox', { name: 'Suchen' }).fill('mal');
    await page.waitForURL(/q=mal/);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expect(await page.getByTestId('list-total').innerText()).toBe('1 Eintrag');

    await page.goto(url('/masterdata/jurisdictions?sort=name&order=desc&pageSize=10'));
    await expect.poll(() => page.locator('tbody tr').first().innerText()).toContain('United Kingdom (UKGC)');
    await page.getByRole('button', { name: 'Nach Name sortieren' }).click();
    await page.waitForURL((u) => !u.search.includes('order=desc'));
    await expect.poll(() => page.locator('tbody tr').first().innerText()).toContain('Curaçao');
    await page.getByRole('button', { name: '2' }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
  });

  it('creates, refuses a duplicate, edits, detects a concurrent change and deletes (German)', async () => {
    const page = await browser.open();
    await page.goto(url('/masterdata/jurisdictions'));
    await page.getByRole('link', { name: 'Anlegen' }).click();
    await page.waitForURL(url('/masterdata/jurisdictions/create'));

    // Nothing is sent for an empty name.
    await page.getByRole('button', { name: 'Anlegen' }).click();
    await expect.poll(() => page.locator('[id$="-error"]').count()).toBeGreaterThan(0);

    await page.getByLabel('Name').fill('Estonia (EMTA)');
    await page.getByRole('button', { name: 'Anlegen' }).click();
    await confirmWith(page, 'Estonia (EMTA)', 'Anlegen');
    await page.getByRole('heading', { name: 'Estonia (EMTA)' }).waitFor();
    const id = page.url().split('/').pop()!;

    // The same name in another case is taken.
    await page.goto(url('/masterdata/jurisdictions/create'));
    await page.getByLabel('Name').fill('malta (mga)');
    await page.getByRole('button', { name: 'Anlegen' }).click();
    await confirmWith(page, 'malta (mga)', 'Anlegen');
    await page.getByText('Der Name der Jurisdiktion ist bereits vergeben.').waitFor();

    // Edit, confirming with the current name.
    await page.goto(url(`/masterdata/jurisdictions/${id}`));
    await page.getByLabel('Name').fill('Estonia (Tax and Customs Board)');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await confirmWith(page, 'Estonia (EMTA)', 'Speichern');
    await page.getByRole('heading', { name: 'Estonia (Tax and Customs Board)' }).waitFor();

    // A colleague renames it meanwhile: saving is refused, reloading shows their state.
    await renameThroughApi(page, id, 'Estonia (renamed by a colleague)');
    await page.getByLabel('Name').fill('Estonia (my change)');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await confirmWith(page, 'Estonia (Tax and Customs Board)', 'Speichern');
    await page
      .getByText('Jemand anderes hat diesen Datensatz inzwischen geändert', { exact: false })
      .waitFor();
    await page.getByRole('button', { name: 'Neu laden' }).click();
    await page.getByRole('heading', { name: 'Estonia (renamed by a colleague)' }).waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('Estonia (renamed by a colleague)');

    // Delete, confirming with the name.
    await page.getByRole('button', { name: 'Löschen' }).click();
    await confirmWith(page, 'Estonia (renamed by a colleague)', 'Löschen');
    await page.waitForURL(url('/masterdata/jurisdictions'));
    const response = await page.request.get(url(`/api/jurisdictions/${id}`));
    expect(response.status()).toBe(404);
  });

  it('works the same in English', async () => {
    const page = await browser.open({ language: 'en' });
    await page.goto(url('/masterdata/jurisdictions/create'));
    await page.getByRole('heading', { name: 'Create jurisdiction' }).waitFor();
    await page.getByLabel('Name').fill('Latvia (IAUI)');
    await page.getByRole('button', { name: 'Create' }).click();
    await confirmWith(page, 'Latvia (IAUI)', 'Create');
    await page.getByRole('heading', { name: 'Latvia (IAUI)' }).waitFor();

    await page.goto(url('/masterdata/jurisdictions/create'));
    await page.getByLabel('Name').fill('LATVIA (IAUI)');
    await page.getByRole('button', { name: 'Create' }).click();
    await confirmWith(page, 'LATVIA (IAUI)', 'Create');
    await page.getByText('Jurisdiction name already taken.').waitFor();

    await page.goto(url('/masterdata/jurisdictions?q=latvia'));
    await page.getByRole('link', { name: 'Latvia (IAUI)' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirmWith(page, 'Latvia (IAUI)', 'Delete');
    await page.waitForURL(url('/masterdata/jurisdictions'));
    await page.getByText('Deleted.').waitFor();
  });
});
