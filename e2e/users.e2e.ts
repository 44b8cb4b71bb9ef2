/** User administration as an admin works with it, and the new user signing in. */
import { describe, expect, it } from 'vitest';
import { skipReason, url, useBrowser } from './support/browser';

describe.skipIf(!!skipReason)('users', () => {
  const browser = useBrowser();

  it('creates a support user who can then sign in and sees only their menu', async () => {
    const page = await browser.open();
    await page.goto(url('/users/manage'));
    await page.getByRole('link', { name: 'Anlegen' }).click();
    await page.waitForURL(url('/users/manage/create'));

    await page.getByRole('textbox', { name: 'Benutzername', exact: true }).fill('lena.support');
    await page.getByRole('textbox', { name: 'E-Mail', exact: true }).fill(' Lena.Support@Backoffice.local ');
    await page.getByRole('textbox', { name: 'Vorname', exact: true }).fill('Lena');
    await page.getByRole('textbox', { name: 'Nachname', exact: true }).fill('Hartmann');
    await page
      .getByRole('textbox', { name: 'Rolle', exact: true })
      .or(page.getByRole('combobox', { name: 'Rolle', exact: true }))
      .click();
    await page.getByRole('option', { name: 'Support' }).click();
    const [password, repeat] = [
      page.locator('input[type=password]').nth(0),
      page.locator('input[type=password]').nth(1),
    ];
    await password.fill('lena-support-password');
    await repeat.fill('lena-support-passw0rd');
    await page.getByRole('button', { name: 'Anlegen' }).click();
    await page.getByText('Die Passwörter stimmen nicht überein.').waitFor();

    await repeat.fill('lena-support-password');
    await page.getByRole('button', { name: 'Anlegen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('confirm-input').fill('lena.support');
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await page.getByRole('heading', { name: 'lena.support' }).waitFor();

    // The new user signs in, in a browser of their own.
    const lena = await browser.open({ role: null });
    await lena.goto(url('/'));
    await lena.locator('#email').fill('lena.support@backoffice.local');
    await lena.locator('#password').fill('lena-support-password');
    await lena.locator('form button[type=submit]').click();
    await lena.getByTestId('user-area').waitFor();
    expect(await lena.getByTestId('user-area').innerText()).toContain('Lena Hartmann');
    const nav = lena.locator('nav');
    expect(await nav.getByRole('link', { name: 'Benutzer', exact: true }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Letzte Spielrunden' }).count()).toBe(1);

    // The admin deactivates her: her session ends at once.
    await page.getByLabel('Aktiv').uncheck({ force: true });
    await page.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByTestId('confirm-input').fill('lena.support');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await lena.request.get(url('/api/account'))).status()).toBe(401);
    // Her open page, in a browser of its own, notices at its next 5-second check and goes to sign-in.
    await lena.waitForURL(/\/oidc\/interaction\//, { timeout: 20_000 });
  });

  it('does not let the admin delete or demote their own account', async () => {
    const page = await browser.open();
    await page.goto(url('/users/manage?q=admin%40backoffice.local'));
    await page.getByRole('link', { name: 'admin', exact: true }).click();
    await page.getByRole('heading', { name: 'admin' }).waitFor();
    expect(await page.getByRole('button', { name: 'Löschen' }).isDisabled()).toBe(true);
    // Said for the account's actions, and again in the second-factor section (no reset of the own one).
    await page
      .getByTestId('own-user-note')
      .getByText('Diese Aktion kann nicht auf den eigenen Benutzer angewendet werden.')
      .waitFor();
    await page
      .getByRole('region', { name: 'Zweiter Faktor' })
      .getByText('Diese Aktion kann nicht auf den eigenen Benutzer angewendet werden.')
      .waitFor();
    const me = await (await page.request.get(url('/api/account'))).json();
    const response = await page.request.delete(url(`/api/users/${me.id}?version=1`), {
      headers: { 'x-requested-with': 'backoffice' },
    });
    expect(response.status()).toBe(403);
    expect((await response.json()).message).toBe(
      'Diese Aktion kann nicht auf den eigenen Benutzer angewendet werden.',
    );
  });
});
