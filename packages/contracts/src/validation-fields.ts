/**
 * The words a field's refusal uses to name what it asks for ("Enter a name.", "The RTP is at most
 * 100 %."), by the field's key in the contracts and the forms. A field without words here is refused with
 * the general sentence ("Fill in this field."), which is plain too; the words make the sentence say which
 * value it means, as a colleague would.
 *
 * German needs the article and case of each noun, so each language has both forms written out: `what` is
 * the accusative object ("einen Namen"), `subject` the nominative that opens a sentence ("Der Name").
 *
 * A key means one thing in every form that has it: `gameId` is typed on the game's own form and chosen
 * on others, so it has no words and keeps the general sentence.
 */
import type { Language } from './languages';

export interface FieldWords {
  /** The object of "Enter …" / "Geben Sie … ein": "a name", "einen Namen". */
  what: string;
  /** The subject opening a sentence about the value: "The name", "Der Name". */
  subject: string;
  /** The field is chosen from a list ("Choose a casino."), not typed. */
  chosen?: boolean;
  /** For a list of entries: one of them, as in "Choose at least one casino." */
  one?: string;
  /** What follows a number of it (" %", " days"). */
  unit?: string;
}

/** A field's words in both languages: [what, subject] each, and what is the same in both. */
interface Entry {
  en: [what: string, subject: string];
  de: [what: string, subject: string];
  chosen?: true;
  one?: Record<Language, string>;
  unit?: Record<Language, string>;
}

const fields: Record<string, Entry> = {
  name: { en: ['a name', 'The name'], de: ['einen Namen', 'Der Name'] },
  firstName: { en: ['a first name', 'The first name'], de: ['einen Vornamen', 'Der Vorname'] },
  lastName: { en: ['a last name', 'The last name'], de: ['einen Nachnamen', 'Der Nachname'] },
  nickName: { en: ['a nickname', 'The nickname'], de: ['einen Nickname', 'Der Nickname'] },
  username: { en: ['a user name', 'The user name'], de: ['einen Benutzernamen', 'Der Benutzername'] },
  email: { en: ['an email address', 'The email address'], de: ['eine E-Mail-Adresse', 'Die E-Mail-Adresse'] },
  password: { en: ['a password', 'The password'], de: ['ein Passwort', 'Das Passwort'] },
  currentPassword: {
    en: ['your current password', 'Your current password'],
    de: ['Ihr aktuelles Passwort', 'Ihr aktuelles Passwort'],
  },
  passwordRepeat: {
    en: ['the password once more', 'The repeated password'],
    de: ['das Passwort noch einmal', 'Das wiederholte Passwort'],
  },
  versionNumber: {
    en: ['a version number', 'The version number'],
    de: ['eine Versionsnummer', 'Die Versionsnummer'],
  },
  theoreticalRtp: { en: ['the RTP', 'The RTP'], de: ['den RTP', 'Der RTP'], unit: { en: ' %', de: ' %' } },
  minBetCents: {
    en: ['a minimum bet', 'The minimum bet'],
    de: ['einen Mindesteinsatz', 'Der Mindesteinsatz'],
  },
  maxExposureFactor: {
    en: ['a maximum exposure factor', 'The maximum exposure factor'],
    de: ['einen maximalen Expositionsfaktor', 'Der maximale Expositionsfaktor'],
  },
  gameRoundValidityPeriodDays: {
    en: ['a validity period', 'The validity period'],
    de: ['eine Gültigkeitsdauer', 'Die Gültigkeitsdauer'],
    unit: { en: ' days', de: ' Tage' },
  },
  gameProviderGameId: {
    en: ["the provider's game ID", "The provider's game ID"],
    de: ['die Spiel-ID beim Anbieter', 'Die Spiel-ID beim Anbieter'],
  },
  frontendUrl: { en: ['a frontend URL', 'The frontend URL'], de: ['eine Frontend-URL', 'Die Frontend-URL'] },
  backendUrl: { en: ['a backend URL', 'The backend URL'], de: ['eine Backend-URL', 'Die Backend-URL'] },
  routerUrl: { en: ['a router URL', 'The router URL'], de: ['eine Router-URL', 'Die Router-URL'] },
  gameClientIntegrationUrl: {
    en: ["the game client's integration URL", "The game client's integration URL"],
    de: ['die Integrations-URL des Spiel-Clients', 'Die Integrations-URL des Spiel-Clients'],
  },
  reason: { en: ['a reason', 'The reason'], de: ['einen Grund', 'Der Grund'] },
  note: { en: ['a note', 'The note'], de: ['eine Notiz', 'Die Notiz'] },
  hash: { en: ['a hash', 'The hash'], de: ['einen Hash', 'Der Hash'] },
  secret: { en: ['a secret', 'The secret'], de: ['ein Geheimnis', 'Das Geheimnis'] },
  component: { en: ['a component', 'The component'], de: ['eine Komponente', 'Die Komponente'] },
  voucherCode: {
    en: ['a voucher code', 'The voucher code'],
    de: ['einen Gutscheincode', 'Der Gutscheincode'],
  },
  playerId: { en: ['a player ID', 'The player ID'], de: ['eine Spieler-ID', 'Die Spieler-ID'] },
  roundId: { en: ['a round ID', 'The round ID'], de: ['eine Runden-ID', 'Die Runden-ID'] },
  amount: { en: ['an amount', 'The amount'], de: ['einen Betrag', 'Der Betrag'] },
  currency: { en: ['a currency', 'The currency'], de: ['eine Währung', 'Die Währung'], chosen: true },
  casinoId: { en: ['a casino', 'The casino'], de: ['ein Casino', 'Das Casino'], chosen: true },
  defaultCasinoId: {
    en: ['a default casino', 'The default casino'],
    de: ['ein Standard-Casino', 'Das Standard-Casino'],
    chosen: true,
  },
  bridgeId: { en: ['a bridge', 'The bridge'], de: ['eine Bridge', 'Die Bridge'], chosen: true },
  studioId: { en: ['a studio', 'The studio'], de: ['ein Studio', 'Das Studio'], chosen: true },
  providerId: { en: ['a provider', 'The provider'], de: ['einen Anbieter', 'Der Anbieter'], chosen: true },
  jurisdictionId: {
    en: ['a jurisdiction', 'The jurisdiction'],
    de: ['eine Jurisdiktion', 'Die Jurisdiktion'],
    chosen: true,
  },
  integrationId: {
    en: ['an integration', 'The integration'],
    de: ['eine Integration', 'Die Integration'],
    chosen: true,
  },
  role: { en: ['a role', 'The role'], de: ['eine Rolle', 'Die Rolle'], chosen: true },
  api: { en: ['an API', 'The API'], de: ['eine API', 'Die API'], chosen: true },
  casinoIds: {
    en: ['the casinos', 'The casinos'],
    de: ['die Casinos', 'Die Casinos'],
    chosen: true,
    one: { en: 'one casino', de: 'ein Casino' },
  },
  jurisdictionIds: {
    en: ['the jurisdictions', 'The jurisdictions'],
    de: ['die Jurisdiktionen', 'Die Jurisdiktionen'],
    chosen: true,
    one: { en: 'one jurisdiction', de: 'eine Jurisdiktion' },
  },
  integrationIds: {
    en: ['the integrations', 'The integrations'],
    de: ['die Integrationen', 'Die Integrationen'],
    chosen: true,
    one: { en: 'one integration', de: 'eine Integration' },
  },
  currencies: {
    en: ['the currencies', 'The currencies'],
    de: ['die Währungen', 'Die Währungen'],
    chosen: true,
    one: { en: 'one currency', de: 'eine Währung' },
  },
  betSizes: {
    en: ['the bet sizes', 'The bet sizes'],
    de: ['die Einsatzhöhen', 'Die Einsatzhöhen'],
    one: { en: 'one bet size', de: 'eine Einsatzhöhe' },
  },
};

/** Every field key with words. */
export const WORDED_FIELDS: readonly string[] = Object.keys(fields);

/**
 * The words for the field an issue is about: the last key of its path, when that names a field (an entry
 * of a list, `betSizes.2`, is about its own value and keeps the general sentence).
 */
export function fieldWords(
  path: readonly PropertyKey[] | undefined,
  language: Language,
): FieldWords | undefined {
  const key = path?.at(-1);
  if (typeof key !== 'string' || !Object.hasOwn(fields, key)) return undefined;
  const entry = fields[key]!;
  const [what, subject] = entry[language];
  return {
    what,
    subject,
    ...(entry.chosen && { chosen: true }),
    ...(entry.one && { one: entry.one[language] }),
    ...(entry.unit && { unit: entry.unit[language] }),
  };
}
