/**
 * The game catalogue as a new user tries it (issue 4's acceptance), in German and in English: a studio,
 * a provider, a game with them, two versions, a copy, a duplicate version number, the studio that cannot
 * be deleted, and every change in the audit trail.
 */
import type { AuditEntry, Page as ApiPage } from '@backoffice/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmWith, skipReason, url, useBrowser } from './support/browser';

const texts = {
  de: {
    create: 'Anlegen',
    save: 'Speichern',
    delete: 'Löschen',
    copy: 'Kopieren',
    name: 'Name',
    versionTaken: 'Die Versionsnummer des Spiels ist bereits vergeben.',
    studioInUse: 'Das Spielstudio ist einem Spiel zugeordnet.',
    configNotApplicable: 'Die Konfiguration des Spieleanbieters passt nicht zur API.',
    gameId: /^Spiel-ID( \*)?$/,
    studio: /^Studio( \*)?$/,
    provider: /^Anbieter( \*)?$/,
    rtp: /^Theoretischer RTP/,
    exposure: /^Maximaler Expositionsfaktor/,
    minBet: /^Mindesteinsatz/,
    requiredKeys: /^Erforderliche Eigenschaften/,
    versionNumber: /^Versionsnummer/,
    betSizes: /^Einsatzhöhen/,
    rtpValue: '96,5',
    minBetValue: '0,10',
    newVersion: 'Neue Version',
  },
  en: {
    create: 'Create',
    save: 'Save',
    delete: 'Delete',
    copy: 'Copy',
    name: 'Name',
    versionTaken: 'Game version number already taken.',
    studioInUse: 'Game studio assigned to a game.',
    configNotApplicable: 'Game provider config not applicable to the API.',
    gameId: /^Game id( \*)?$/,
    studio: /^Studio( \*)?$/,
    provider: /^Provider( \*)?$/,
    rtp: /^Theoretical RTP/,
    exposure: /^Max exposure factor/,
    minBet: /^Minimum bet/,
    requiredKeys: /^Required property keys/,
    versionNumber: /^Version number/,
    betSizes: /^Bet sizes/,
    rtpValue: '96.5',
    minBetValue: '0.10',
    newVersion: 'New version',
  },
} as const;

type Language = keyof typeof texts;

async function auditTrail(page: Page, query: Record<string, string>): Promise<AuditEntry[]> {
  const response = await page.request.get(
    url(`/api/audit-entries?${new URLSearchParams({ pageSize: '100', ...query })}`),
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as ApiPage<AuditEntry>).items;
}

async function createStudio(page: Page, language: Language, name: string): Promise<string> {
  const t = texts[language];
  await page.goto(url('/game-studios/manage'));
  await page.getByRole('link', { name: t.create }).click();
  await page.waitForURL(/\/create$/);
  await page.getByLabel(/^Name/).fill(name);
  await page.getByRole('button', { name: t.create }).click();
  await confirmWith(page, name, t.create);
  await page.getByRole('heading', { name }).waitFor();
  return decodeURIComponent(page.url().split('/').pop()!);
}

async function createProvider(page: Page, language: Language, id: string, name: string): Promise<void> {
  const t = texts[language];
  await page.goto(url('/game-providers/manage/create'));
  await page.getByLabel(/^(ID|Id)/).fill(id);
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^(API-URL|API URL)/).fill('https://provider.example.com/api');
  await page.getByLabel(/^(API-Secret|API secret)$/).fill('e2e-secret-value');
  await page.getByRole('button', { name: t.create }).click();
  await confirmWith(page, id, t.create);
  await page.getByRole('heading', { name }).waitFor();
}

/** The text input of a labelled field (Mantine also labels a select's listbox and a tags input's pills). */
function field(page: Page, label: RegExp) {
  return page.locator('input:not([type=hidden])').and(page.getByLabel(label));
}

/** Picks an option of a searchable select by typing part of its label. */
async function choose(page: Page, label: RegExp, search: string, option: string) {
  const input = field(page, label);
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).click();
}

async function createGame(
  page: Page,
  language: Language,
  game: { gameId: string; name: string; studio: string; provider: string },
): Promise<void> {
  const t = texts[language];
  await page.goto(url('/games/manage/create'));
  await field(page, t.gameId).fill(game.gameId);
  await page.getByLabel(/^Name/).fill(game.name);
  await choose(page, t.studio, game.studio.slice(0, 12), game.studio);
  await choose(page, t.provider, game.provider.slice(0, 12), game.provider);
  await field(page, t.rtp).fill(t.rtpValue);
  await field(page, t.exposure).fill('5000');
  await field(page, t.minBet).fill(t.minBetValue);
  await field(page, t.requiredKeys).fill('reels');
  await field(page, t.requiredKeys).press('Enter');
  await page.getByRole('button', { name: t.create }).click();
  await confirmWith(page, game.gameId, t.create);
  await page.getByRole('heading', { name: game.name }).waitFor();
}

/** Fills the version form's number and bet sizes and saves with the typed confirmation. */
async function saveVersion(page: Page, language: Language, gameId: string, versionNumber: string) {
  const t = texts[language];
  await field(page, t.versionNumber).fill(versionNumber);
  await page.getByRole('button', { name: t.create }).click();
  await confirmWith(page, `${gameId} ${versionNumber}`, t.create);
}

describe.skipIf(!!skipReason)('game catalogue', () => {
  const browser = useBrowser();

  for (const language of ['de', 'en'] as const) {
    it(`studio and provider: create, secrets stay hidden, every change audited (${language})`, async () => {
      const page = await browser.open({ language });
      const suffix = `${language}-${Date.now()}`;
      const studioName = `E2E Studio ${suffix}`;
      const studioId = await createStudio(page, language, studioName);

      const providerId = `e2e-${suffix}`;
      await createProvider(page, language, providerId, `E2E Provider ${suffix}`);
      // The stored secret is never shown, only that it is set.
      expect(await page.getByLabel(/^(API-Secret|API secret)$/).inputValue()).toBe('');
      expect(await page.content()).not.toContain('e2e-secret-value');
      const provider = await (await page.request.get(url(`/api/game-providers/${providerId}`))).json();
      expect(provider.secretsSet).toEqual(['apiSecret']);

      const studioTrail = await auditTrail(page, { entityType: 'game-studio', entityId: studioId });
      expect(studioTrail.map((entry) => entry.action)).toEqual(['create']);
      expect(studioTrail[0]!.actorName).toBe('admin');
      expect(studioTrail[0]!.changes.name).toEqual({ before: null, after: studioName });
      const providerTrail = await auditTrail(page, { entityType: 'game-provider', entityId: providerId });
      expect(providerTrail[0]!.changes['secrets.apiSecret']).toEqual({ before: null, after: '••••••' });
      expect(JSON.stringify(providerTrail)).not.toContain('e2e-secret-value');
    });
  }

  for (const language of ['de', 'en'] as const) {
    it(`a game with versions: copy, duplicate number refused, studio in use, all audited (${language})`, async () => {
      const t = texts[language];
      const page = await browser.open({ language });
      const suffix = `${language}${Date.now()}`;
      const studio = `Catalogue Studio ${suffix}`;
      const studioId = await createStudio(page, language, studio);
      const providerName = `Catalogue Provider ${suffix}`;
      await createProvider(page, language, `cat-${suffix}`, providerName);
      const gameId = `e2e-game-${suffix}`;
      await createGame(page, language, {
        gameId,
        name: `E2E Game ${suffix}`,
        studio,
        provider: providerName,
      });
      const stored = await (await page.request.get(url(`/api/games/${gameId}`))).json();
      expect(stored).toMatchObject({ theoreticalRtp: 96.5, minBetCents: 10, gameProviderGameId: gameId });

      // Two versions, started from the game's screen.
      await page.getByRole('link', { name: t.newVersion }).click();
      await field(page, t.betSizes).fill('0,20'.replace(',', language === 'de' ? ',' : '.'));
      await field(page, t.betSizes).press('Enter');
      await field(page, t.betSizes).fill('1');
      await field(page, t.betSizes).press('Enter');
      await saveVersion(page, language, gameId, '1.0.0');
      await page.getByRole('link', { name: t.copy }).waitFor();
      const firstVersionUrl = page.url();
      await page.goto(url(`/games/versions/create?gameId=${gameId}`));
      await saveVersion(page, language, gameId, '1.1.0');
      await page.getByRole('link', { name: t.copy }).waitFor();

      // Copy the first: the same number is taken, a new one is created with the same settings.
      await page.goto(firstVersionUrl);
      await page.getByRole('link', { name: t.copy }).click();
      await page.waitForURL(/\/copy$/);
      // The form shows once the source version has loaded.
      await page
        .getByText(language === 'de' ? 'Kopie von Version 1.0.0' : 'Copied from version 1.0.0')
        .waitFor();
      await saveVersion(page, language, gameId, '1.0.0');
      await page.getByText(t.versionTaken).waitFor();
      await saveVersion(page, language, gameId, '2.0.0');
      await page.waitForURL((u) => !u.pathname.endsWith('/copy'));
      const versions = await (
        await page.request.get(url(`/api/game-versions?gameId=${gameId}&sort=versionNumber`))
      ).json();
      expect(versions.items.map((v: { versionNumber: string }) => v.versionNumber)).toEqual([
        '1.0.0',
        '1.1.0',
        '2.0.0',
      ]);
      expect(versions.items[2].betSizes).toEqual([0.2, 1]);
      expect(versions.items[2].missingProperties).toEqual(['reels']);

      // The studio has a game: deleting it is refused and it stays.
      await page.goto(url(`/game-studios/manage/${studioId}`));
      await page.getByRole('button', { name: t.delete }).click();
      await confirmWith(page, studio, t.delete);
      await page.getByText(t.studioInUse).waitFor();
      expect((await page.request.get(url(`/api/game-studios/${studioId}`))).status()).toBe(200);

      // Every change is in the audit trail.
      const gameTrail = await auditTrail(page, { entityType: 'game', entityId: gameId });
      expect(gameTrail.map((entry) => entry.action)).toEqual(['create']);
      const versionTrail = await auditTrail(page, { entityType: 'game-version' });
      const ours = versionTrail.filter((entry) => entry.changes.gameId?.after === gameId);
      expect(ours.map((entry) => entry.changes.versionNumber?.after).sort()).toEqual([
        '1.0.0',
        '1.1.0',
        '2.0.0',
      ]);
    });
  }
});
