/**
 * German (default) and English. The choice lives in a cookie for 365 days (no locale in the URL), sets
 * `<html lang>`, which zod's form validation messages follow (lib/zod.ts). Error messages come from the
 * contracts' catalogue, so server and browser say the same thing: one language's, loaded with its texts.
 */
import type { ErrorCode } from '@backoffice/contracts/error-codes';
import {
  defaultLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_DAYS,
  type Language,
} from '@backoffice/contracts/languages';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie, writeCookie } from '../lib/cookies';

/** The catalogue's error messages of each language, a chunk of their own like the texts. */
const errorTexts: Record<Language, () => Promise<{ errorMessages: Record<ErrorCode, string> }>> = {
  de: () => import('@backoffice/contracts/error-messages/de'),
  en: () => import('@backoffice/contracts/error-messages/en'),
};

type Texts = () => Promise<{ default: Record<string, unknown> }>;

/** Each language's texts are a chunk of their own: a browser loads only the language it shows. */
const texts: Record<Language, Texts> = {
  de: () => import('./de.json'),
  en: () => import('./en.json'),
};

/**
 * Texts of some areas are namespaces of their own, loaded with the area's screens (`loadAreaTexts`), not
 * with the first page; a key the main texts lack is looked up there (`fallbackNS`): the reports' texts (the
 * audit trail's with them), the texts of an integration's push and delivery, player support's, the jobs',
 * control program verification's (the allowed hashes' with them), the game versions' and the master data's.
 */
export const AREA_TEXTS = [
  'reports',
  'integrations',
  'support',
  'jobs',
  'cpv',
  'gameVersions',
  'masterdata',
] as const;
export type AreaTexts = (typeof AREA_TEXTS)[number];
/** Each area's texts in each language, `<area>.<language>.json`, a chunk of their own. */
const areaFiles = import.meta.glob<{ default: Record<string, unknown> }>(['./*.de.json', './*.en.json']);
const areaTextsOf = (area: AreaTexts, language: Language) => areaFiles[`./${area}.${language}.json`]!();
const isAreaTexts = (namespace: string): namespace is AreaTexts =>
  (AREA_TEXTS as readonly string[]).includes(namespace);

/** i18next loads a language's texts (with the error catalogue's messages) when it first switches to it. */
const lazyTexts: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (!isLanguage(language)) return callback(null, {});
    if (isAreaTexts(namespace)) {
      areaTextsOf(namespace, language).then(
        ({ default: loaded }) => callback(null, loaded),
        (error: unknown) => callback(error as Error, null),
      );
      return;
    }
    Promise.all([texts[language](), errorTexts[language]()]).then(
      ([{ default: loaded }, { errorMessages }]) => callback(null, { ...loaded, errors: errorMessages }),
      (error: unknown) => callback(error as Error, null),
    );
  },
};

/** The page says its language; form validation messages (lib/zod.ts) follow it from there. */
function applyLanguage(language: Language): void {
  document.documentElement.lang = language;
}

export function initialLanguage(): Language {
  const stored = readCookie(LANGUAGE_COOKIE);
  return isLanguage(stored) ? stored : defaultLanguage;
}

export async function initI18n(language: Language = initialLanguage()) {
  // Remember the language from the first visit on, so the server's pages (sign-in) speak it too.
  if (readCookie(LANGUAGE_COOKIE) !== language)
    writeCookie(LANGUAGE_COOKIE, language, LANGUAGE_COOKIE_MAX_AGE_DAYS);
  await i18n
    .use(lazyTexts)
    .use(initReactI18next)
    .init({
      lng: language,
      // Both languages have every key (i18n/index.test.ts): no second language to load as a fallback.
      fallbackLng: false,
      fallbackNS: AREA_TEXTS,
      supportedLngs: ['de', 'en'],
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  applyLanguage(language);
  return i18n;
}

/** Loads the texts of a namespace (once; a later change of language loads them with the rest). */
export async function loadAreaTexts(namespace: AreaTexts): Promise<void> {
  await i18n.loadNamespaces(namespace);
}

export async function changeLanguage(language: Language): Promise<void> {
  writeCookie(LANGUAGE_COOKIE, language, LANGUAGE_COOKIE_MAX_AGE_DAYS);
  await i18n.changeLanguage(language);
  applyLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : defaultLanguage;
}

export { i18n };
