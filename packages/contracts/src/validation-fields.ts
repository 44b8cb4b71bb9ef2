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

type Vocabulary = Record<string, FieldWords>;

const english: Vocabulary = {
  name: { what: 'a name', subject: 'The name' },
  firstName: { what: 'a first name', subject: 'The first name' },
  lastName: { what: 'a last name', subject: 'The last name' },
  nickName: { what: 'a nickname', subject: 'The nickname' },
  username: { what: 'a user name', subject: 'The user name' },
  email: { what: 'an email address', subject: 'The email address' },
  password: { what: 'a password', subject: 'The password' },
  currentPassword: { what: 'your current password', subject: 'Your current password' },
  passwordRepeat: { what: 'the password once more', subject: 'The repeated password' },
  versionNumber: { what: 'a version number', subject: 'The version number' },
  theoreticalRtp: { what: 'the RTP', subject: 'The RTP', unit: ' %' },
  minBetCents: { what: 'a minimum bet', subject: 'The minimum bet' },
  maxExposureFactor: { what: 'a maximum exposure factor', subject: 'The maximum exposure factor' },
  gameRoundValidityPeriodDays: {
    what: 'a validity period',
    subject: 'The validity period',
    unit: ' days',
  },
  gameProviderGameId: { what: "the provider's game ID", subject: "The provider's game ID" },
  frontendUrl: { what: 'a frontend URL', subject: 'The frontend URL' },
  backendUrl: { what: 'a backend URL', subject: 'The backend URL' },
  routerUrl: { what: 'a router URL', subject: 'The router URL' },
  gameClientIntegrationUrl: {
    what: "the game client's integration URL",
    subject: "The game client's integration URL",
  },
  reason: { what: 'a reason', subject: 'The reason' },
  note: { what: 'a note', subject: 'The note' },
  hash: { what: 'a hash', subject: 'The hash' },
  secret: { what: 'a secret', subject: 'The secret' },
  component: { what: 'a component', subject: 'The component' },
  voucherCode: { what: 'a voucher code', subject: 'The voucher code' },
  playerId: { what: 'a player ID', subject: 'The player ID' },
  roundId: { what: 'a round ID', subject: 'The round ID' },
  amount: { what: 'an amount', subject: 'The amount' },
  currency: { what: 'a currency', subject: 'The currency', chosen: true },
  casinoId: { what: 'a casino', subject: 'The casino', chosen: true },
  defaultCasinoId: { what: 'a default casino', subject: 'The default casino', chosen: true },
  bridgeId: { what: 'a bridge', subject: 'The bridge', chosen: true },
  studioId: { what: 'a studio', subject: 'The studio', chosen: true },
  providerId: { what: 'a provider', subject: 'The provider', chosen: true },
  jurisdictionId: { what: 'a jurisdiction', subject: 'The jurisdiction', chosen: true },
  integrationId: { what: 'an integration', subject: 'The integration', chosen: true },
  role: { what: 'a role', subject: 'The role', chosen: true },
  api: { what: 'an API', subject: 'The API', chosen: true },
  casinoIds: { what: 'the casinos', subject: 'The casinos', chosen: true, one: 'one casino' },
  jurisdictionIds: {
    what: 'the jurisdictions',
    subject: 'The jurisdictions',
    chosen: true,
    one: 'one jurisdiction',
  },
  integrationIds: {
    what: 'the integrations',
    subject: 'The integrations',
    chosen: true,
    one: 'one integration',
  },
  currencies: { what: 'the currencies', subject: 'The currencies', chosen: true, one: 'one currency' },
  betSizes: { what: 'the bet sizes', subject: 'The bet sizes', one: 'one bet size' },
};

const german: Vocabulary = {
  name: { what: 'einen Namen', subject: 'Der Name' },
  firstName: { what: 'einen Vornamen', subject: 'Der Vorname' },
  lastName: { what: 'einen Nachnamen', subject: 'Der Nachname' },
  nickName: { what: 'einen Nickname', subject: 'Der Nickname' },
  username: { what: 'einen Benutzernamen', subject: 'Der Benutzername' },
  email: { what: 'eine E-Mail-Adresse', subject: 'Die E-Mail-Adresse' },
  password: { what: 'ein Passwort', subject: 'Das Passwort' },
  currentPassword: { what: 'Ihr aktuelles Passwort', subject: 'Ihr aktuelles Passwort' },
  passwordRepeat: { what: 'das Passwort noch einmal', subject: 'Das wiederholte Passwort' },
  versionNumber: { what: 'eine Versionsnummer', subject: 'Die Versionsnummer' },
  theoreticalRtp: { what: 'den RTP', subject: 'Der RTP', unit: ' %' },
  minBetCents: { what: 'einen Mindesteinsatz', subject: 'Der Mindesteinsatz' },
  maxExposureFactor: {
    what: 'einen maximalen Expositionsfaktor',
    subject: 'Der maximale Expositionsfaktor',
  },
  gameRoundValidityPeriodDays: {
    what: 'eine Gültigkeitsdauer',
    subject: 'Die Gültigkeitsdauer',
    unit: ' Tage',
  },
  gameProviderGameId: { what: 'die Spiel-ID beim Anbieter', subject: 'Die Spiel-ID beim Anbieter' },
  frontendUrl: { what: 'eine Frontend-URL', subject: 'Die Frontend-URL' },
  backendUrl: { what: 'eine Backend-URL', subject: 'Die Backend-URL' },
  routerUrl: { what: 'eine Router-URL', subject: 'Die Router-URL' },
  gameClientIntegrationUrl: {
    what: 'die Integrations-URL des Spiel-Clients',
    subject: 'Die Integrations-URL des Spiel-Clients',
  },
  reason: { what: 'einen Grund', subject: 'Der Grund' },
  note: { what: 'eine Notiz', subject: 'Die Notiz' },
  hash: { what: 'einen Hash', subject: 'Der Hash' },
  secret: { what: 'ein Geheimnis', subject: 'Das Geheimnis' },
  component: { what: 'eine Komponente', subject: 'Die Komponente' },
  voucherCode: { what: 'einen Gutscheincode', subject: 'Der Gutscheincode' },
  playerId: { what: 'eine Spieler-ID', subject: 'Die Spieler-ID' },
  roundId: { what: 'eine Runden-ID', subject: 'Die Runden-ID' },
  amount: { what: 'einen Betrag', subject: 'Der Betrag' },
  currency: { what: 'eine Währung', subject: 'Die Währung', chosen: true },
  casinoId: { what: 'ein Casino', subject: 'Das Casino', chosen: true },
  defaultCasinoId: { what: 'ein Standard-Casino', subject: 'Das Standard-Casino', chosen: true },
  bridgeId: { what: 'eine Bridge', subject: 'Die Bridge', chosen: true },
  studioId: { what: 'ein Studio', subject: 'Das Studio', chosen: true },
  providerId: { what: 'einen Anbieter', subject: 'Der Anbieter', chosen: true },
  jurisdictionId: { what: 'eine Jurisdiktion', subject: 'Die Jurisdiktion', chosen: true },
  integrationId: { what: 'eine Integration', subject: 'Die Integration', chosen: true },
  role: { what: 'eine Rolle', subject: 'Die Rolle', chosen: true },
  api: { what: 'eine API', subject: 'Die API', chosen: true },
  casinoIds: { what: 'die Casinos', subject: 'Die Casinos', chosen: true, one: 'ein Casino' },
  jurisdictionIds: {
    what: 'die Jurisdiktionen',
    subject: 'Die Jurisdiktionen',
    chosen: true,
    one: 'eine Jurisdiktion',
  },
  integrationIds: {
    what: 'die Integrationen',
    subject: 'Die Integrationen',
    chosen: true,
    one: 'eine Integration',
  },
  currencies: { what: 'die Währungen', subject: 'Die Währungen', chosen: true, one: 'eine Währung' },
  betSizes: { what: 'die Einsatzhöhen', subject: 'Die Einsatzhöhen', one: 'eine Einsatzhöhe' },
};

const vocabularies: Record<Language, Vocabulary> = { en: english, de: german };

/** Every field key with words, the same in both languages (a test holds them equal). */
export const WORDED_FIELDS: readonly string[] = Object.keys(english);

/**
 * The words for the field an issue is about: the last key of its path, when that names a field (an entry
 * of a list, `betSizes.2`, is about its own value and keeps the general sentence).
 */
export function fieldWords(
  path: readonly PropertyKey[] | undefined,
  language: Language,
): FieldWords | undefined {
  const key = path?.at(-1);
  if (typeof key !== 'string') return undefined;
  const vocabulary = vocabularies[language];
  return Object.hasOwn(vocabulary, key) ? vocabulary[key] : undefined;
}
