/**
 * Issue 15's acceptance in Chromium: a new support user is forced to set up a second factor, signs in
 * with a code, uses a recovery code once (the second use is refused), and is asked for a fresh code
 * before booking a win once the last confirmation is older than the step-up window; the win is booked
 * once, as the simulator's own booking list shows. A product of its own for this spec: its step-up
 * window is 20 seconds (STEP_UP_MAX_AGE_SECONDS; the product's default is 5 minutes) and its master data
 * require the second factor of support, which the shared demo does not. axe checks each screen of the
 * second factor on the way (enrolment, its key and recovery codes, a wrong code at sign-in and at step-up,
 * and an admin's step-up by password).
 */
import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findingsOn } from './support/axe';
import { demoUser, skipReason, useBrowser } from './support/browser';
import { startProduct, type RunningProduct } from './support/product';
import { bookingsOf } from './support/simulator';

const WINDOW_SECONDS = 20;
/**
 * The test waits on purpose: for the step-up window to pass, and for the authenticator's next time step
 * (a step is taken once; up to 30 s) — well over the suite's 60 s on a loaded machine.
 */
const TEST_TIMEOUT_MS = 240_000;
const PASSWORD = 'A-new-agent-password-1';
const ROUND = 'support-stuck-win-liberty-reels';
const CASINO = 'liberty-reels';

/** Codes of the authenticator app, each time step once (the server takes a step only once). */
function authenticator(secret: string) {
  let lastStep = 0;
  return async function nextCode(): Promise<string> {
    const step = Math.max(Math.floor(Date.now() / 30_000), lastStep + 1);
    // The server accepts the current step and its neighbours: wait until this one is among them.
    while (step > Math.floor(Date.now() / 30_000) + 1)
      await new Promise((resolve) => setTimeout(resolve, 500));
    lastStep = step;
    return generate({ secret, epoch: step * 30 });
  };
}

/** The password step of the sign-in page; answers the page at the next step. */
async function enterPassword(page: Page, email: string, password: string) {
  await page.goto('/auth/login?returnTo=%2F');
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('form button[type=submit]').click();
}

async function enterCode(page: Page, code: string) {
  await page.locator('#code').fill(code);
  await page.locator('form button[type=submit]').click();
}

describe.skipIf(!!skipReason)('second factor and step-up', () => {
  const browser = useBrowser();
  let product: RunningProduct;

  beforeAll(async () => {
    if (skipReason) return;
    product = await startProduct({ STEP_UP_MAX_AGE_SECONDS: String(WINDOW_SECONDS) });
  });
  afterAll(async () => {
    await product?.stop();
  });

  it(
    'forces a new support user to enrol, takes codes and recovery codes, and asks again before a booking',
    async () => {
      const open = () => browser.open({ role: null, language: 'en', baseUrl: product.baseUrl });

      // An admin makes the second factor mandatory for support and creates the agent.
      const admin = await open();
      const { email: adminEmail, password: adminPassword } = demoUser('admin');
      await enterPassword(admin, adminEmail, adminPassword);
      await admin.getByTestId('user-area').waitFor();
      const api = (method: 'GET' | 'PUT' | 'POST', path: string, data?: unknown) =>
        admin.request.fetch(path, { method, data, headers: { 'x-requested-with': 'backoffice' } });
      const settings = await (await api('GET', '/api/masterdata/settings')).json();
      const { createdAt: _c, updatedAt: _u, ...settingsBody } = settings as Record<string, unknown>;
      void _c;
      void _u;
      const changed = await api('PUT', '/api/masterdata/settings', {
        ...settingsBody,
        secondFactorRoles: ['support'],
      });
      expect(changed.status(), await changed.text()).toBe(200);
      const email = `new-agent-${Date.now()}@backoffice.local`;
      const created = await api('POST', '/api/users', {
        username: `new-agent-${Date.now()}`,
        email,
        firstName: 'Nele',
        lastName: 'Neu',
        role: 'support',
        active: true,
        casinoIds: [CASINO],
        integrationIds: [],
        password: PASSWORD,
        passwordRepeat: PASSWORD,
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id: agentId } = (await created.json()) as { id: string };

      // A stolen password alone: the agent can do nothing but set up the second factor.
      const first = await open();
      await enterPassword(first, email, PASSWORD);
      await first.getByRole('heading', { name: 'Set up your second factor' }).waitFor();
      await first.getByRole('button', { name: 'Set up second factor' }).waitFor();
      const found = await findingsOn(first, 'enrolment');
      expect((await first.request.get('/api/support/players?playerId=player-000000')).status()).toBe(403);
      await first.getByRole('button', { name: 'Set up second factor' }).click();
      const key = (await first
        .getByText(/^[A-Z2-7]{32}$/)
        .first()
        .textContent())!.trim();
      found.push(...(await findingsOn(first, 'enrolment, the key')));
      const nextCode = authenticator(key);
      await first.getByLabel('Code from the app (6 digits)').fill(await nextCode());
      await first.getByRole('button', { name: 'Confirm' }).click();
      const list = first.getByRole('list', { name: 'Your recovery codes' });
      await list.waitFor();
      found.push(...(await findingsOn(first, 'enrolment, the recovery codes')));
      const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
      expect(recoveryCodes).toHaveLength(10);
      await first.getByRole('button', { name: 'I have stored the codes' }).click();
      await first.getByTestId('user-area').waitFor();

      // Signing in asks for the code after the password.
      const second = await open();
      await enterPassword(second, email, PASSWORD);
      await second.locator('#code').waitFor();
      await enterCode(second, '000000');
      await second.getByText('The code is not correct.').waitFor();
      found.push(...(await findingsOn(second, 'sign-in, a wrong code')));
      await enterCode(second, await nextCode());
      await second.getByTestId('user-area').waitFor();

      // A recovery code opens one sign-in; the second use is refused.
      const third = await open();
      await enterPassword(third, email, PASSWORD);
      await enterCode(third, recoveryCodes[0]!);
      await third.getByTestId('user-area').waitFor();
      const fourth = await open();
      await enterPassword(fourth, email, PASSWORD);
      await enterCode(fourth, recoveryCodes[0]!);
      await fourth.getByText('The code is not correct.').waitFor();
      await enterCode(fourth, recoveryCodes[1]!);
      await fourth.getByTestId('user-area').waitFor();

      // Past the step-up window, booking the win asks for a fresh code first.
      const page = fourth;
      await page.goto(`/support/last-game-rounds/${ROUND}?casinoId=${CASINO}`);
      await page
        .getByRole('heading', { name: new RegExp(ROUND) })
        .first()
        .waitFor();
      await page.waitForTimeout((WINDOW_SECONDS + 2) * 1000);
      await page.getByRole('button', { name: /Book the total win/ }).click();
      const close = page.getByRole('dialog', { name: /Close game round/ });
      await close.getByLabel(/Reason/).fill('Player disconnected, confirmed by phone');
      await close.getByTestId('confirm-input').fill(ROUND);
      await close.getByRole('button', { name: /Book the total win/ }).click();

      const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
      await stepUp.waitFor();
      expect(await bookingsOf(ROUND, product.simulatorControlUrl)).toEqual([]);
      found.push(...(await findingsOn(page, 'step-up')));
      await stepUp.getByLabel(/Code from the app/).fill('000000');
      await stepUp.getByRole('button', { name: 'Confirm' }).click();
      await stepUp.getByText('The code is not correct.').waitFor();
      found.push(...(await findingsOn(page, 'step-up, a wrong code')));
      await stepUp.getByLabel(/Code from the app/).fill(await nextCode());
      await stepUp.getByRole('button', { name: 'Confirm' }).click();
      await stepUp.waitFor({ state: 'detached', timeout: 15_000 });
      await page.getByText('Round closed').first().waitFor({ timeout: 15_000 });
      expect(await bookingsOf(ROUND, product.simulatorControlUrl)).toEqual([
        expect.objectContaining({ type: 'win' }),
      ]);

      // The admin, without a second factor and past the window too, is asked for the password before
      // resetting someone's; left at a wrong password.
      await admin.goto(`/users/manage/${agentId}`);
      await admin.getByRole('button', { name: 'Reset password', exact: true }).click();
      const reset = admin.getByRole('dialog', { name: 'Reset password' });
      await reset.getByLabel(/^Password/).fill(`${PASSWORD}-2`);
      await reset.getByLabel(/^Repeat password/).fill(`${PASSWORD}-2`);
      await reset.getByRole('button', { name: 'Reset', exact: true }).click();
      const username = (await admin.getByRole('heading', { level: 1 }).innerText()).trim();
      const confirmation = admin.getByRole('dialog', { name: 'Really reset the password?' });
      await confirmation.getByTestId('confirm-input').fill(username);
      await confirmation.getByRole('button', { name: 'Reset', exact: true }).click();
      const password = admin.getByRole('dialog', { name: 'Confirm it is you' });
      await password.getByLabel(/^Password/).waitFor();
      found.push(...(await findingsOn(admin, 'step-up by password')));
      await password.getByLabel(/^Password/).fill('not-the-password');
      await password.getByRole('button', { name: 'Confirm' }).click();
      await password.locator('[aria-invalid=true]').waitFor();
      found.push(...(await findingsOn(admin, 'step-up by password, a wrong one')));
      await password.getByRole('button', { name: 'Cancel' }).click();

      // What axe found on the screens of the second factor along the way.
      expect(found).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
