/** Sign-in, the menu by role, no permission, sign-out, and the 5-second session check, in Chromium. */
import { describe, expect, it } from 'vitest';
import { demoUser, signIn, skipReason, url, useBrowser } from './support/browser';

describe.skipIf(!!skipReason)('sign-in and sessions', () => {
  const browser = useBrowser();

  it('sends a visitor without session to the sign-in page and back to where they wanted to go', async () => {
    const page = await browser.open({ role: null });
    await page.goto(url('/masterdata/jurisdictions?q=mal'));
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');

    // A wrong password, and an unknown e-mail, say the same thing.
    const { email, password } = demoUser('admin');
    for (const [tried, secret] of [
      [email, 'wrong password'],
      ['nobody@backoffice.local', password],
    ] as const) {
      await page.locator('#email').fill(tried);
      await page.locator('#password').fill(secret);
      await page.locator('form button[type=submit]').click();
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').innerText()).toBe('Ungültige Anmeldedaten');
    }

    await page.locator('#email').fill(email);
    await page.locator('#password').fill(password);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL(url('/masterdata/jurisdictions?q=mal'));
    await page.getByRole('link', { name: 'Malta (MGA)' }).waitFor();
  });

  it('signs in two tabs that reached the sign-in page at once, each where it was going', async () => {
    const page = await browser.open({ role: null });
    await page.goto(url('/masterdata/jurisdictions'));
    await page.locator('#password').waitFor();
    // A second tab of the same browser is sent to sign-in before the first has signed in; the first, which
    // started its sign-in first, finishes first.
    const other = await page.context().newPage();
    await other.goto(url('/'));
    await other.locator('#password').waitFor();
    const { email, password } = demoUser('qa');
    for (const [tab, heading] of [
      [page, 'Jurisdiktionen'],
      [other, 'Willkommen im Back Office'],
    ] as const) {
      await tab.locator('#email').fill(email);
      await tab.locator('#password').fill(password);
      await tab.locator('form button[type=submit]').click();
      await tab.getByRole('heading', { name: heading }).waitFor();
    }
    expect(new URL(page.url()).pathname).toBe('/masterdata/jurisdictions');
    expect(new URL(other.url()).pathname).toBe('/');
  });

  it('says "Bad credentials" in English', async () => {
    const page = await browser.open({ role: null, language: 'en' });
    await page.goto(url('/'));
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.locator('#email').fill(demoUser('qa').email);
    await page.locator('#password').fill('not it');
    await page.locator('form button[type=submit]').click();
    expect(await page.getByRole('alert').innerText()).toBe('Bad credentials');
  });

  it('shows a support user only what the role allows, and "No permission." for user administration', async () => {
    const page = await browser.open({ role: 'support' });
    await page.waitForURL(url('/'));
    const groups = await page.locator('nav [role=group] > p').allInnerTexts();
    expect(groups.map((text) => text.toLowerCase())).toEqual([
      'casinos',
      'integrationen',
      'spiele',
      'stammdaten',
      'berichte',
      'support',
      // CPV is for admins and developers (decision 027).
      'benutzer',
    ]);
    const nav = page.locator('nav');
    expect(await nav.getByRole('link', { name: 'Benutzer', exact: true }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Mein Konto' }).count()).toBe(1);
    // Of the reports, support may open the game rounds only.
    expect(await nav.getByRole('link', { name: 'Spielrunden', exact: true }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'GGR-Bericht' }).count()).toBe(0);

    await page.goto(url('/users/manage'));
    await page.getByRole('heading', { name: 'Keine Berechtigung.' }).waitFor();
    const api = await page.request.get(url('/api/users'));
    expect(api.status()).toBe(403);
    expect((await api.json()).message).toBe('Keine Berechtigung.');
  });

  it('signs out through /logout and lands on the sign-in page', async () => {
    const page = await browser.open({ role: 'accountant' });
    await page.getByTestId('user-area').click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    expect((await page.request.get(url('/auth/session'))).status()).toBe(401);
    expect((await page.request.get(url('/api/jurisdictions'))).status()).toBe(401);
  });

  it('goes to sign-in at once when another tab of the browser signs out', async () => {
    const page = await browser.open({ role: 'developer' });
    await page.goto(url('/masterdata/jurisdictions'));
    await page.getByRole('heading', { name: 'Jurisdiktionen' }).waitFor();
    // Another tab of the same browser signs out.
    const other = await page.context().newPage();
    await other.goto(url('/logout'));
    await other.waitForURL(/\/oidc\/interaction\//);
    // The sign-out tells the first tab, which checks its session at once (not at its next 5-second check)
    // and goes through the sign-in's redirects (which take seconds of their own on a busy machine).
    await page.waitForURL(/\/oidc\/interaction\//, { timeout: 15_000 });
    // And it asks for the password: the identity server's session, still alive when the first tab got
    // there, did not sign it back in.
    await page.locator('#password').waitFor();
    expect((await page.request.get(url('/auth/session'))).status()).toBe(401);
  });

  it('signs in again after signing out', async () => {
    const page = await browser.open({ role: null });
    await signIn(page, 'visitor');
    expect(await page.getByTestId('user-area').innerText()).toContain('Vera Lind');
  });
});
