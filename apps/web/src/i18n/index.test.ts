import {
  errorCatalogue,
  errorCodes,
  jurisdictionCreateSchema,
  LANGUAGE_COOKIE_MAX_AGE_DAYS,
} from '@backoffice/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import deMain from './de.json';
import enMain from './en.json';

/** Two trees of texts as one (the second's keys added to the first's, at every level). */
function merged(into: Record<string, unknown>, from: Record<string, unknown>): Record<string, unknown> {
  const result = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const existing = result[key];
    result[key] =
      existing && typeof existing === 'object' && value && typeof value === 'object'
        ? merged(existing as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return result;
}

type Tree = Record<string, unknown>;
/** Each area's texts of one language, by area (`reports.de.json` is the reports' German). */
function areasOf(files: Record<string, Tree>): Map<string, Tree> {
  return new Map(
    Object.entries(files).map(([file, tree]) => [file.replace(/^\.\/(.+)\.\w+\.json$/, '$1'), tree]),
  );
}
const deAreas = areasOf(import.meta.glob<Tree>('./*.de.json', { eager: true, import: 'default' }));
const enAreas = areasOf(import.meta.glob<Tree>('./*.en.json', { eager: true, import: 'default' }));
// Some areas' texts are namespaces of their own (loaded with their screens): one set of texts with the rest.
const de = [...deAreas.values()].reduce(merged, deMain);
const en = [...enAreas.values()].reduce(merged, enMain);
import { AREA_TEXTS, changeLanguage, currentLanguage, i18n, initI18n, initialLanguage } from './index';

function clearLanguageCookie() {
  document.cookie = 'lang=; Max-Age=0; Path=/';
}

/** Every leaf of a nested translation object as "a.b.c" → value. */
function leaves(tree: unknown, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (tree !== null && typeof tree === 'object' && !Array.isArray(tree)) {
    for (const [key, value] of Object.entries(tree)) {
      for (const [path, leaf] of leaves(value, prefix ? `${prefix}.${key}` : key)) found.set(path, leaf);
    }
  } else {
    found.set(prefix, tree);
  }
  return found;
}

/** The {{placeholders}} and <tags> a translation relies on; both languages must use the same ones. */
function markers(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<\/?(\w+)\s*\/?>/g)]
    .map((m) => m[0].replace(/\s/g, ''))
    .sort();
}

function emptyNameMessage(): string {
  const result = jurisdictionCreateSchema.safeParse({ name: '' });
  if (result.success) throw new Error('an empty name must not validate');
  return result.error.issues[0]!.message;
}

beforeAll(async () => {
  clearLanguageCookie();
  await initI18n('de');
});

afterEach(async () => {
  vi.restoreAllMocks();
  clearLanguageCookie();
  await i18n.changeLanguage('de');
});

describe('initialLanguage', () => {
  it('defaults to German when there is no language cookie', () => {
    clearLanguageCookie();
    expect(initialLanguage()).toBe('de');
  });

  it('takes the language from the "lang" cookie', () => {
    document.cookie = 'lang=en; Path=/';
    expect(initialLanguage()).toBe('en');
  });

  it.each(['fr', 'EN', 'en-US', ''])('falls back to German for the unsupported cookie value %j', (value) => {
    document.cookie = `lang=${value}; Path=/`;
    expect(initialLanguage()).toBe('de');
  });
});

describe('initI18n', () => {
  it('starts in the given language and sets <html lang>', async () => {
    await initI18n('en');
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('common.save')).toBe('Save');

    await initI18n('de');
    expect(document.documentElement.lang).toBe('de');
    expect(i18n.t('common.save')).toBe('Speichern');
  });

  it('uses the language of the cookie when none is given', async () => {
    document.cookie = 'lang=en; Path=/';
    await initI18n();
    expect(currentLanguage()).toBe('en');
  });
});

describe('changeLanguage', () => {
  it('keeps the choice in the "lang" cookie for 365 days on the whole site', async () => {
    const written: string[] = [];
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => void written.push(value));

    await changeLanguage('en');

    expect(LANGUAGE_COOKIE_MAX_AGE_DAYS).toBe(365);
    expect(written).toHaveLength(1);
    const [pair, ...attributes] = written[0]!.split(/;\s*/);
    expect(pair).toBe('lang=en');
    expect(attributes).toContain('Max-Age=31536000');
    expect(attributes).toContain('Path=/');
  });

  it('is read back by initialLanguage', async () => {
    await changeLanguage('en');
    expect(initialLanguage()).toBe('en');
    await changeLanguage('de');
    expect(initialLanguage()).toBe('de');
  });

  it('sets <html lang> and switches the interface texts', async () => {
    await changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('notFound.title')).toBe('This page could not be found');
    expect(currentLanguage()).toBe('en');

    await changeLanguage('de');
    expect(document.documentElement.lang).toBe('de');
    expect(i18n.t('notFound.title')).toBe('Diese Seite konnte nicht gefunden werden');
  });

  it('switches the language of form validation messages (zod)', async () => {
    await changeLanguage('de');
    const german = emptyNameMessage();
    await changeLanguage('en');
    const english = emptyNameMessage();

    expect(german).toBe('Geben Sie einen Namen ein.');
    expect(english).toBe('Enter a name.');
  });
});

describe('error messages from the contracts catalogue', () => {
  it.each(errorCodes)('%s is available as errors.CODE in German and English', (code) => {
    expect(i18n.t(`errors.${code}`, { lng: 'de' })).toBe(errorCatalogue[code].messages.de);
    expect(i18n.t(`errors.${code}`, { lng: 'en' })).toBe(errorCatalogue[code].messages.en);
  });

  it('follows the current language', async () => {
    await changeLanguage('en');
    expect(i18n.t('errors.JURISDICTION_NAME_TAKEN')).toBe('Jurisdiction name already taken.');
    await changeLanguage('de');
    expect(i18n.t('errors.JURISDICTION_NAME_TAKEN')).toBe('Der Name der Jurisdiktion ist bereits vergeben.');
  });
});

describe('translation files', () => {
  const german = leaves(de);
  const english = leaves(en);

  it('de.json and en.json have exactly the same keys', () => {
    expect([...english.keys()].sort()).toEqual([...german.keys()].sort());
  });

  it('have only non-empty strings as values', () => {
    for (const [file, entries] of [
      ['de', german],
      ['en', english],
    ] as const) {
      for (const [key, value] of entries) {
        expect.soft(typeof value === 'string' && value.trim() !== '', `${file}: ${key}`).toBe(true);
      }
    }
  });

  it('use the same placeholders and tags in both languages', () => {
    for (const [key, value] of german) {
      expect.soft(markers(String(english.get(key) ?? '')), key).toEqual(markers(String(value)));
    }
  });

  it('are split into the areas the app loads with their screens, none repeating a main text', () => {
    for (const [main, areas] of [
      [deMain, deAreas],
      [enMain, enAreas],
    ] as const) {
      expect([...areas.keys()].sort()).toEqual([...AREA_TEXTS].sort());
      const mainKeys = leaves(main);
      for (const [area, tree] of areas) {
        for (const key of leaves(tree).keys()) expect.soft(mainKeys.has(key), `${area}: ${key}`).toBe(false);
      }
    }
  });

  it('do not define their own "errors" section (those come from the catalogue)', () => {
    expect('errors' in de).toBe(false);
    expect('errors' in en).toBe(false);
  });
});
