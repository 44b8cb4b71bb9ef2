/**
 * What a user reads when a field's value is not accepted: a plain sentence in their language that says
 * what to enter, never the validation library's own wording ("Too small: expected string to have >=1
 * characters"). The web app's forms and the server's 400 answers both speak through `validationMessage`,
 * so a field reads the same whether the browser or the server refused it.
 *
 * The contracts' own checks name a rule (`rule()`, `ruled()`) instead of carrying a message, so that they
 * too are said in the reader's language; a message given to a schema would still win on the web.
 */
import type { Language } from './languages';
import { fieldWords, type FieldWords } from './validation-fields';

/** The parts of a validation issue the sentences use (a zod issue, or one rebuilt from the server's). */
export interface ValidationIssue {
  /** A rule of the contracts (`rule()`): `{ rule, …values }`. */
  params?: { rule?: string; [value: string]: unknown };
  /** The pattern a `regex` check wanted, as text (`/…/`): a pattern marked with `ruled()` has a rule. */
  pattern?: string;
  code: string;
  /** Where the value sits; its last key names the field, for sentences that say which value they mean. */
  path?: readonly PropertyKey[];
  input?: unknown;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  exact?: boolean;
  format?: string;
  divisor?: number;
  values?: readonly unknown[];
  keys?: readonly string[];
}

/** The contracts' own rules, each a sentence (some with a number `n`). */
const ruleSentences = {
  en: {
    required: 'Fill in this field.',
    unique: 'Each entry may appear only once.',
    onePerProvider: 'Enter one configuration per provider.',
    onePerOption: 'Enter one value per option.',
    maxProperties: (n: string) => `Enter at most ${n} properties.`,
    notBeforeFrom: 'The end must not be before the start.',
    maxDays: (n: string) => `Choose at most ${n} days.`,
    decimals: (n: string) => `Enter at most ${n} decimal places.`,
    currency: 'Enter a currency code such as EUR.',
    eurNoRate: 'EUR needs no rate: it is always 1.',
    positiveDecimal: 'Enter a positive number with a dot before the decimals, such as 1.0842.',
    aboveZero: 'Enter a number above 0.',
    sha256: 'Enter 64 hexadecimal characters (a SHA-256 hash).',
    idChars: 'Use only letters, digits and . _ -, and start with a letter or digit.',
    keyChars: 'Use only letters, digits and . _ -, and start with a letter.',
    nameChars: 'Use only letters, digits and . _ -.',
    idColonChars: 'Use only letters, digits and . _ : -.',
    versionChars: 'Use only letters, digits and . _ + -.',
    usernameChars: 'Use only letters, digits and . _ - @.',
    componentChars: 'Use only letters, digits and . _ - : @ / +, and start with a letter or digit.',
    printable: 'Use only printable characters, without spaces.',
    reservedPrefix: 'Names starting with game: or bridge: are reserved.',
    componentName: 'Enter game:<game id>@<version> or bridge:<bridge name>.',
    countryCode: 'Enter a two-letter country code such as DE.',
    sixDigits: 'Enter the six digits of the code.',
    defaultCasinoBound: 'Bind the default casino to the integration first.',
    boundCasino: 'Choose a casino bound to the integration.',
    playerOrSearch: 'Enter a player id, or a nickname, e-mail or name to search for.',
  },
  de: {
    required: 'Bitte füllen Sie dieses Feld aus.',
    unique: 'Jeder Eintrag darf nur einmal vorkommen.',
    onePerProvider: 'Geben Sie je Anbieter eine Konfiguration an.',
    onePerOption: 'Geben Sie je Option einen Wert an.',
    maxProperties: (n: string) => `Geben Sie höchstens ${n} Eigenschaften an.`,
    notBeforeFrom: 'Das Ende darf nicht vor dem Anfang liegen.',
    maxDays: (n: string) => `Wählen Sie höchstens ${n} Tage.`,
    decimals: (n: string) => `Geben Sie höchstens ${n} Nachkommastellen ein.`,
    currency: 'Geben Sie einen Währungscode wie EUR ein.',
    eurNoRate: 'EUR braucht keinen Kurs: Er ist immer 1.',
    positiveDecimal: 'Geben Sie eine positive Zahl mit Punkt vor den Nachkommastellen ein, etwa 1.0842.',
    aboveZero: 'Geben Sie eine Zahl über 0 ein.',
    sha256: 'Geben Sie 64 Hexadezimalzeichen ein (einen SHA-256-Hash).',
    idChars: 'Verwenden Sie nur Buchstaben, Ziffern und . _ -, am Anfang einen Buchstaben oder eine Ziffer.',
    keyChars: 'Verwenden Sie nur Buchstaben, Ziffern und . _ -, am Anfang einen Buchstaben.',
    nameChars: 'Verwenden Sie nur Buchstaben, Ziffern und . _ -.',
    idColonChars: 'Verwenden Sie nur Buchstaben, Ziffern und . _ : -.',
    versionChars: 'Verwenden Sie nur Buchstaben, Ziffern und . _ + -.',
    usernameChars: 'Verwenden Sie nur Buchstaben, Ziffern und . _ - @.',
    componentChars:
      'Verwenden Sie nur Buchstaben, Ziffern und . _ - : @ / +, am Anfang einen Buchstaben oder eine Ziffer.',
    printable: 'Verwenden Sie nur druckbare Zeichen, ohne Leerzeichen.',
    reservedPrefix: 'Namen, die mit game: oder bridge: beginnen, sind reserviert.',
    componentName: 'Geben Sie game:<Spiel-ID>@<Version> oder bridge:<Bridge-Name> ein.',
    countryCode: 'Geben Sie einen Ländercode aus zwei Buchstaben ein, etwa DE.',
    sixDigits: 'Geben Sie die sechs Ziffern des Codes ein.',
    defaultCasinoBound: 'Binden Sie das Standard-Casino zuerst an die Integration.',
    boundCasino: 'Wählen Sie ein Casino, das an die Integration gebunden ist.',
    playerOrSearch:
      'Geben Sie eine Spieler-ID oder einen Spitznamen, eine E-Mail-Adresse oder einen Namen ein.',
  },
} as const satisfies Record<Language, Record<string, string | ((n: string) => string)>>;

export type Rule = keyof (typeof ruleSentences)['en'];

/**
 * A check's parameters naming one of the contracts' rules, for `.refine(check, rule('unique'))` or an
 * issue of a `superRefine`; `n` fills the sentences that have a number. No message of its own: web and
 * server both say the rule's sentence in the reader's language.
 */
export function rule(name: Rule, n?: number): { params: { rule: Rule; n?: number } } {
  return { params: n === undefined ? { rule: name } : { rule: name, n } };
}

/** Patterns of `regex` checks whose refusal says a rule's sentence (`ruled`). */
const patternRules = new Map<string, Rule>();

/** Marks a pattern for `.regex()`: a value that does not match it is refused with the rule's sentence. */
export function ruled(pattern: RegExp, name: Rule): RegExp {
  patternRules.set(String(pattern), name);
  return pattern;
}

function isRule(name: unknown): name is Rule {
  return typeof name === 'string' && Object.hasOwn(ruleSentences.en, name);
}

/** What a user reads, in English; the German sentences have the same names and forms. */
const english = {
  required: 'Fill in this field.',
  chooseOne: 'Choose at least one.',
  number: 'Enter a number.',
  wholeNumber: 'Enter a whole number.',
  text: 'Enter text.',
  yesOrNo: 'Choose yes or no.',
  date: 'Enter a date.',
  wrongShape: 'This value cannot be used here.',
  minLength: (n: string) => `Enter at least ${n} characters.`,
  exactLength: (n: string) => `Enter exactly ${n} characters.`,
  maxLength: (n: string) => `Enter at most ${n} characters.`,
  atLeast: (n: string) => `Enter ${n} or more.`,
  moreThan: (n: string) => `Enter more than ${n}.`,
  atMost: (n: string) => `Enter ${n} or less.`,
  lessThan: (n: string) => `Enter less than ${n}.`,
  minItems: (n: string) => `Choose at least ${n}.`,
  maxItems: (n: string) => `Choose at most ${n}.`,
  email: 'Enter an email address such as name@example.com.',
  url: 'Enter a URL such as https://example.com.',
  fromList: 'Choose an entry from the list.',
  dateTime: 'Enter a date and time.',
  isoDate: 'Enter a date such as 2026-01-31.',
  currency: 'Enter a currency code such as EUR.',
  format: 'Check the format of this value.',
  decimals: (places: string) => `Enter at most ${places} decimal places.`,
  multipleOf: (n: string) => `Enter a multiple of ${n}.`,
  oneOf: (values: string) => `Choose one of: ${values}.`,
  unknownFields: (keys: string) => `Leave out the fields that do not belong here: ${keys}.`,
  check: 'Check this value.',
};
type Sentences = typeof english;

const sentences: Record<Language, Sentences> = {
  en: english,
  de: {
    required: 'Bitte füllen Sie dieses Feld aus.',
    chooseOne: 'Wählen Sie mindestens einen Eintrag.',
    number: 'Geben Sie eine Zahl ein.',
    wholeNumber: 'Geben Sie eine ganze Zahl ein.',
    text: 'Geben Sie einen Text ein.',
    yesOrNo: 'Wählen Sie Ja oder Nein.',
    date: 'Geben Sie ein Datum ein.',
    wrongShape: 'Dieser Wert kann hier nicht verwendet werden.',
    minLength: (n) => `Geben Sie mindestens ${n} Zeichen ein.`,
    exactLength: (n) => `Geben Sie genau ${n} Zeichen ein.`,
    maxLength: (n) => `Geben Sie höchstens ${n} Zeichen ein.`,
    atLeast: (n) => `Geben Sie mindestens ${n} ein.`,
    moreThan: (n) => `Geben Sie mehr als ${n} ein.`,
    atMost: (n) => `Geben Sie höchstens ${n} ein.`,
    lessThan: (n) => `Geben Sie weniger als ${n} ein.`,
    minItems: (n) => `Wählen Sie mindestens ${n} Einträge.`,
    maxItems: (n) => `Wählen Sie höchstens ${n} Einträge.`,
    email: 'Geben Sie eine E-Mail-Adresse wie name@example.com ein.',
    url: 'Geben Sie eine URL wie https://example.com ein.',
    fromList: 'Wählen Sie einen Eintrag aus der Liste.',
    dateTime: 'Geben Sie Datum und Uhrzeit ein.',
    isoDate: 'Geben Sie ein Datum wie 2026-01-31 ein.',
    currency: 'Geben Sie einen Währungscode wie EUR ein.',
    format: 'Prüfen Sie das Format dieses Werts.',
    decimals: (places) => `Geben Sie höchstens ${places} Nachkommastellen ein.`,
    multipleOf: (n) => `Geben Sie ein Vielfaches von ${n} ein.`,
    oneOf: (values) => `Wählen Sie eines von: ${values}.`,
    unknownFields: (keys) => `Lassen Sie die Felder weg, die hier nicht hingehören: ${keys}.`,
    check: 'Prüfen Sie diesen Wert.',
  },
};

/** The sentences that name their field (`validation-fields.ts`), in each language. */
const fieldSentences = {
  en: {
    required: (f: FieldWords) => (f.chosen ? `Choose ${f.what}.` : `Enter ${f.what}.`),
    chooseOne: (f: FieldWords) => `Choose at least ${f.one ?? f.what}.`,
    number: (f: FieldWords) => `Enter ${f.what} as a number.`,
    wholeNumber: (f: FieldWords) => `Enter ${f.what} as a whole number.`,
    minLength: (f: FieldWords, n: string) => `${f.subject} needs at least ${n} characters.`,
    maxLength: (f: FieldWords, n: string) => `${f.subject} may have at most ${n} characters.`,
    atLeast: (f: FieldWords, n: string) => `${f.subject} is at least ${n}${f.unit ?? ''}.`,
    moreThan: (f: FieldWords, n: string) => `${f.subject} is more than ${n}${f.unit ?? ''}.`,
    atMost: (f: FieldWords, n: string) => `${f.subject} is at most ${n}${f.unit ?? ''}.`,
    lessThan: (f: FieldWords, n: string) => `${f.subject} is less than ${n}${f.unit ?? ''}.`,
  },
  de: {
    required: (f: FieldWords) => (f.chosen ? `Wählen Sie ${f.what}.` : `Geben Sie ${f.what} ein.`),
    chooseOne: (f: FieldWords) => `Wählen Sie mindestens ${f.one ?? f.what}.`,
    number: (f: FieldWords) => `Geben Sie ${f.what} als Zahl ein.`,
    wholeNumber: (f: FieldWords) => `Geben Sie ${f.what} als ganze Zahl ein.`,
    minLength: (f: FieldWords, n: string) => `${f.subject} braucht mindestens ${n} Zeichen.`,
    maxLength: (f: FieldWords, n: string) => `${f.subject} darf höchstens ${n} Zeichen haben.`,
    atLeast: (f: FieldWords, n: string) => `${f.subject} beträgt mindestens ${n}${f.unit ?? ''}.`,
    moreThan: (f: FieldWords, n: string) => `${f.subject} beträgt mehr als ${n}${f.unit ?? ''}.`,
    atMost: (f: FieldWords, n: string) => `${f.subject} beträgt höchstens ${n}${f.unit ?? ''}.`,
    lessThan: (f: FieldWords, n: string) => `${f.subject} beträgt weniger als ${n}${f.unit ?? ''}.`,
  },
} as const;

/** The plain sentences that need no number, by name. */
type Plain = { [K in keyof Sentences]: Sentences[K] extends string ? K : never }[keyof Sentences];

/** What to enter instead of a value of the wrong type, by the type expected. */
const sentenceByType: Partial<Record<string, Plain>> = {
  number: 'number',
  bigint: 'number',
  int: 'wholeNumber',
  string: 'text',
  boolean: 'yesOrNo',
  date: 'date',
};

/** What to enter instead of text in the wrong format, by the format expected. */
const sentenceByFormat: Partial<Record<string, Plain>> = {
  email: 'email',
  url: 'url',
  uuid: 'fromList',
  uuidv4: 'fromList',
  uuidv6: 'fromList',
  uuidv7: 'fromList',
  guid: 'fromList',
  datetime: 'dateTime',
  date: 'isoDate',
  currency_code: 'currency',
};

/** A table's own entry for `key` (never one inherited from Object). */
function lookUp(table: Partial<Record<string, Plain>>, key: string | undefined): Plain | undefined {
  return key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

const SIZED_AS_TEXT = new Set(['string', 'file']);
const SIZED_AS_ITEMS = new Set(['array', 'set', 'map']);

/** The number of decimal places a divisor such as 0.01 allows, if it is a power of ten below one. */
function decimalPlaces(divisor: number): number | undefined {
  for (let places = 1; places <= 8; places++) {
    if (Math.abs(divisor - 10 ** -places) < 10 ** -(places + 6)) return places;
  }
  return undefined;
}

/** The plain sentence for a value that was not accepted, in `language`, naming its field when it can. */
export function validationMessage(issue: ValidationIssue, language: Language): string {
  const say = sentences[language];
  const field = fieldWords(issue.path, language);
  const about = fieldSentences[language];
  const number = (value: number | bigint | undefined) =>
    new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 8 }).format(
      value ?? 0,
    );
  const required = () => (field ? about.required(field) : say.required);
  const named =
    issue.params?.rule ?? (issue.pattern === undefined ? undefined : patternRules.get(issue.pattern));
  if (isRule(named)) {
    if (named === 'required') return required();
    const sentence = ruleSentences[language][named];
    return typeof sentence === 'string' ? sentence : sentence(number(Number(issue.params?.n ?? 0)));
  }
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null || issue.input === '') return required();
      const expected = lookUp(sentenceByType, issue.expected) ?? 'wrongShape';
      if (field && (expected === 'number' || expected === 'wholeNumber')) return about[expected](field);
      return say[expected];
    }
    case 'too_small': {
      const n = number(issue.minimum);
      if (SIZED_AS_TEXT.has(issue.origin ?? '')) {
        // Nothing entered is a missing value, whatever length the field asks for.
        if ((Number(issue.minimum) === 1 || issue.input === '') && !issue.exact) return required();
        if (issue.exact) return say.exactLength(n);
        return field ? about.minLength(field, n) : say.minLength(n);
      }
      if (SIZED_AS_ITEMS.has(issue.origin ?? '')) {
        if (Number(issue.minimum) === 1) return field ? about.chooseOne(field) : say.chooseOne;
        return say.minItems(n);
      }
      const limit = issue.inclusive === false ? 'moreThan' : 'atLeast';
      return field ? about[limit](field, n) : say[limit](n);
    }
    case 'too_big': {
      const n = number(issue.maximum);
      if (SIZED_AS_TEXT.has(issue.origin ?? '')) {
        if (issue.exact) return say.exactLength(n);
        return field ? about.maxLength(field, n) : say.maxLength(n);
      }
      if (SIZED_AS_ITEMS.has(issue.origin ?? '')) return say.maxItems(n);
      const limit = issue.inclusive === false ? 'lessThan' : 'atMost';
      return field ? about[limit](field, n) : say[limit](n);
    }
    case 'invalid_format':
      return say[lookUp(sentenceByFormat, issue.format) ?? 'format'];
    case 'not_multiple_of': {
      const places = decimalPlaces(issue.divisor ?? 0);
      return places === undefined ? say.multipleOf(number(issue.divisor)) : say.decimals(number(places));
    }
    case 'invalid_value': {
      const values = (issue.values ?? []).map(String);
      if (field?.chosen) return about.required(field);
      return values.length > 0 && values.length <= 12 ? say.oneOf(values.join(', ')) : say.check;
    }
    case 'unrecognized_keys':
      return say.unknownFields((issue.keys ?? []).join(', '));
    default:
      return say.check;
  }
}
