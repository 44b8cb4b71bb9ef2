/** The app shell: every screen by URL, not-found, language switch and cookie, progress bar, chunk reload. */
import { readdirSync, readFileSync } from 'node:fs';
import { screenPatterns } from '@backoffice/contracts';
import { describe, expect, it } from 'vitest';
import { skipReason, url, useBrowser } from './support/browser';

const sampleId = 'sample-1';

/**
 * A text key shown as it is ("jobs.title"): i18next answers a key it lacks with the key, as when a screen's
 * area texts did not load with it. The keys' first parts are the sections of the web app's text files. A
 * key stands on its own: not inside an address or a name ("https://games.demo.invalid/…" in a CPV result).
 */
const textsDir = new URL('../apps/web/src/i18n/', import.meta.url);
const sections = readdirSync(textsDir)
  .filter((file) => file.endsWith('.json'))
  .flatMap((file) => Object.keys(JSON.parse(readFileSync(new URL(file, textsDir), 'utf8')) as object));
const shownKey = new RegExp(`(?<![\\w./-])(?:${[...new Set(sections)].join('|')})\\.[a-zA-Z]`);

describe.skipIf(!!skipReason)('app shell', () => {
  const browser = useBrowser();

  it('shows the product name as title, the header and the menu groups', async () => {
    const page = await browser.open();
    await page.goto(url('/'));
    await expect.poll(() => page.title()).toBe('Back Office');
    await expect.poll(() => page.locator('header').innerText()).toContain('Back Office');
    const groups = await page.locator('nav [role=group] > p').allInnerTexts();
    expect(groups.map((text) => text.toLowerCase())).toEqual([
      'casinos',
      'integrationen',
      'spiele',
      'stammdaten',
      'berichte',
      'support',
      'cpv',
      'benutzer',
    ]);
    const userArea = await page.getByTestId('user-area').innerText();
    expect(userArea).toContain('Anna Berger');
    expect(userArea).toContain('Administration');
  });

  it('opens every screen of the route table directly by URL, each with its texts', async () => {
    const page = await browser.open();
    const paths = screenPatterns.flatMap((pattern) =>
      pattern.includes(':id?')
        ? [pattern.replace('/:id?', ''), pattern.replace(':id?', sampleId)]
        : [pattern.replace(':id', sampleId)],
    );
    // Signing out comes last: every other screen is seen signed in, as its users see it.
    const signOut = '/logout';
    for (const path of [...paths.filter((path) => path !== signOut), signOut]) {
      const response = await page.goto(url(path));
      expect(response?.status(), path).toBe(200);
      if (path !== signOut) await page.getByTestId('user-area').waitFor();
      await page.locator('main h1').first().waitFor();
      // What the screen shows once its data came (a table's headers, a form's labels), not only its title.
      await page.waitForLoadState('networkidle');
      const shown = await page.locator('main').innerText();
      // A record's screen with an id that names none says so; every other screen is found.
      if (!path.includes(sampleId))
        expect(shown, path).not.toContain('Diese Seite konnte nicht gefunden werden');
      expect(shown, path).not.toMatch(shownKey);
    }
    // Every screen waits for its data and half a second of quiet (`networkidle`): some 60 screens take
    // about a minute on an idle machine, longer on a busy one.
  }, 240_000);

  it('shows the not-found page for unknown paths, with a 404 status and a way home', async () => {
    const page = await browser.open();
    for (const path of ['/nowhere', '/casinos', '/casinos/manage/1/extra']) {
      const response = await page.goto(url(path));
      expect(response?.status(), path).toBe(404);
      await page.getByRole('heading', { name: 'Diese Seite konnte nicht gefunden werden' }).waitFor();
    }
    await page.getByRole('link', { name: 'Zurück zur Startseite' }).click();
    await page.waitForURL(url('/'));
    await page.getByRole('heading', { name: 'Willkommen im Back Office' }).waitFor();
  });

  it('switches between German and English and keeps the choice in a cookie for 365 days', async () => {
    const page = await browser.open();
    await page.goto(url('/masterdata/jurisdictions'));
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await page.getByRole('heading', { name: 'Jurisdiktionen' }).waitFor();

    await page.getByText('EN', { exact: true }).click();
    await page.getByRole('heading', { name: 'Jurisdictions' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(page.url()).toBe(url('/masterdata/jurisdictions'));

    const cookie = (await page.context().cookies()).find((c) => c.name === 'lang');
    expect(cookie?.value).toBe('en');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);

    await page.reload();
    await page.getByRole('heading', { name: 'Jurisdictions' }).waitFor();
    await page.goto(url('/nowhere'));
    await page.getByRole('heading', { name: 'This page could not be found' }).waitFor();
    await page.getByRole('link', { name: 'Back to the home page' }).waitFor();
  });

  it('shows the progress bar only for navigations slower than 200 ms', async () => {
    const page = await browser.open();
    // Hold back the screens' code so that navigating to them takes a while.
    await page.route('**/assets/integrations-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto(url('/'));
    await page.getByRole('heading', { name: 'Willkommen im Back Office' }).waitFor();
    const bar = page.getByTestId('navigation-progress');
    await page.locator('nav').getByRole('link', { name: 'Integrationen', exact: true }).click();
    await bar.waitFor({ state: 'attached', timeout: 1_400 });
    expect(await bar.getAttribute('data-state')).toBe('running');
    await page.getByRole('heading', { name: 'Integrationen' }).waitFor();
    await bar.waitFor({ state: 'detached' });
  });

  it('reloads once when a screen fails to load, and not again within 60 seconds', async () => {
    const page = await browser.open();
    await page.route('**/assets/jurisdictions-*.js', (route) => route.abort());
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(url('/masterdata/jurisdictions'));
    await page.getByRole('heading', { name: 'Etwas ist schiefgelaufen' }).waitFor();
    expect(loads).toBe(2);
  });
});
