/**
 * Field messages are plain sentences in the reader's language (issue 17): every schema of the contracts,
 * given empty and wrong values, refuses them only with our sentences — never the validation library's
 * wording — in English and in German.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index';
import { languages, type Language } from './languages';
import { fieldWords, WORDED_FIELDS } from './validation-fields';
import { rule, validationMessage, type ValidationIssue } from './validation-messages';

/** How the validation library words its messages (English and German). */
const LIBRARY_WORDING =
  /expected|received|Invalid|Too small|Too big|Ungültig|Zu klein|Zu groß|erwartet|[<>]=/;

function speak(language: Language) {
  z.config({ localeError: (issue) => validationMessage(issue as ValidationIssue, language) });
}

afterAll(() => speak('en'));

const wrongValues: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  'x',
  'x'.repeat(5_000),
  'not a url',
  -1,
  1e12,
  0.123456,
  Number.NaN,
  true,
  [],
  ['a', 'a'],
  {},
  '2026-13-45',
];

/** The contracts' schemas, by export name. */
const schemas = (Object.entries(contracts) as [string, unknown][]).filter(
  (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
);

/** Inputs for a schema: each wrong value whole, and for an object each field in turn. */
function inputsFor(schema: z.ZodType): unknown[] {
  const inputs = [...wrongValues];
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  if (shape && typeof shape === 'object') {
    for (const key of Object.keys(shape)) for (const value of wrongValues) inputs.push({ [key]: value });
  }
  return inputs;
}

/** Messages a user could read: platform answers carry catalogue codes (machine-facing), not sentences. */
const catalogueCode = /^[A-Z][A-Z_]+$/;

describe.each(languages)('validation messages [%s]', (language) => {
  it('refuses wrong values of every schema only with plain sentences', () => {
    speak(language);
    expect(schemas.length).toBeGreaterThan(100);
    const raw = new Set<string>();
    let issues = 0;
    for (const [name, schema] of schemas) {
      for (const input of inputsFor(schema)) {
        const result = schema.safeParse(input);
        if (result.success) continue;
        for (const issue of result.error.issues) {
          issues++;
          if (!issue.message || LIBRARY_WORDING.test(issue.message))
            raw.add(`${name} ${issue.path.join('.')}: ${issue.message}`);
          else if (!catalogueCode.test(issue.message)) expect(issue.message).toMatch(/[.!]$/);
        }
      }
    }
    expect([...raw].slice(0, 30)).toEqual([]);
    expect(issues).toBeGreaterThan(1_000);
    // It walks every schema with many inputs: 2.6 s alone, 6 s on a machine busy with a second test run.
  }, 30_000);
});

describe('the sentences', () => {
  const say = (schema: z.ZodType, input: unknown, language: Language) => {
    speak(language);
    const result = schema.safeParse(input);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it.each([
    [z.string().trim().min(1), '  ', 'Fill in this field.', 'Bitte füllen Sie dieses Feld aus.'],
    [z.string(), undefined, 'Fill in this field.', 'Bitte füllen Sie dieses Feld aus.'],
    [
      z.string().max(100),
      'x'.repeat(101),
      'Enter at most 100 characters.',
      'Geben Sie höchstens 100 Zeichen ein.',
    ],
    [z.number().max(100), 101, 'Enter 100 or less.', 'Geben Sie höchstens 100 ein.'],
    [z.number().min(0.5), 0, 'Enter 0.5 or more.', 'Geben Sie mindestens 0,5 ein.'],
    [z.number().positive(), 0, 'Enter more than 0.', 'Geben Sie mehr als 0 ein.'],
    [z.number(), 'abc', 'Enter a number.', 'Geben Sie eine Zahl ein.'],
    [z.int(), 1.5, 'Enter a whole number.', 'Geben Sie eine ganze Zahl ein.'],
    [
      z.number().multipleOf(0.01),
      1.234,
      'Enter at most 2 decimal places.',
      'Geben Sie höchstens 2 Nachkommastellen ein.',
    ],
    [
      z.url(),
      'nope',
      'Enter a URL such as https://example.com.',
      'Geben Sie eine URL wie https://example.com ein.',
    ],
    [
      z.email(),
      'nope',
      'Enter an email address such as name@example.com.',
      'Geben Sie eine E-Mail-Adresse wie name@example.com ein.',
    ],
    [z.array(z.string()).min(1), [], 'Choose at least one.', 'Wählen Sie mindestens einen Eintrag.'],
    [z.enum(['a', 'b']), 'c', 'Choose one of: a, b.', 'Wählen Sie eines von: a, b.'],
    [
      contracts.currencyCodeSchema,
      'XXX1',
      'Enter a currency code such as EUR.',
      'Geben Sie einen Währungscode wie EUR ein.',
    ],
    [
      contracts.gameIdSchema,
      '-bad id',
      'Use only letters, digits and . _ -, and start with a letter or digit.',
      'Verwenden Sie nur Buchstaben, Ziffern und . _ -, am Anfang einen Buchstaben oder eine Ziffer.',
    ],
    [
      z.number().refine(() => false, rule('maxDays', 1_000)),
      1,
      'Choose at most 1,000 days.',
      'Wählen Sie höchstens 1.000 Tage.',
    ],
  ] as [z.ZodType, unknown, string, string][])('%#: %s', (schema, input, english, german) => {
    expect(say(schema, input, 'en')).toBe(english);
    expect(say(schema, input, 'de')).toBe(german);
  });

  it.each([
    [contracts.jurisdictionCreateSchema, { name: '' }, 'Enter a name.', 'Geben Sie einen Namen ein.'],
    [
      contracts.gameCreateSchema,
      { theoreticalRtp: 101 },
      'The RTP is at most 100 %.',
      'Der RTP beträgt höchstens 100 %.',
    ],
    [
      contracts.gameCreateSchema,
      { theoreticalRtp: 0 },
      'The RTP is more than 0 %.',
      'Der RTP beträgt mehr als 0 %.',
    ],
    [
      contracts.jurisdictionCreateSchema,
      { name: 'x'.repeat(500) },
      'The name may have at most 100 characters.',
      'Der Name darf höchstens 100 Zeichen haben.',
    ],
    [contracts.userCreateSchema, { role: 'boss' }, 'Choose a role.', 'Wählen Sie eine Rolle.'],
    [
      contracts.userCreateSchema,
      { password: 'short' },
      'The password needs at least 12 characters.',
      'Das Passwort braucht mindestens 12 Zeichen.',
    ],
    // Nothing entered is a missing value, though the field asks for 12 characters.
    [contracts.userCreateSchema, { password: '' }, 'Enter a password.', 'Geben Sie ein Passwort ein.'],
    [
      z.object({ casinoIds: z.array(z.string()).min(1) }),
      { casinoIds: [] },
      'Choose at least one casino.',
      'Wählen Sie mindestens ein Casino.',
    ],
    [
      z.object({ maxExposureFactor: z.int() }),
      { maxExposureFactor: 1.5 },
      'Enter a maximum exposure factor as a whole number.',
      'Geben Sie einen maximalen Expositionsfaktor als ganze Zahl ein.',
    ],
    // An entry of a list is about its own value: the general sentence.
    [
      z.object({ betSizes: z.array(z.number().positive()) }),
      { betSizes: [0] },
      'Enter more than 0.',
      'Geben Sie mehr als 0 ein.',
    ],
  ] as [z.ZodType, Record<string, unknown>, string, string][])(
    'names the field: %#',
    (schema, input, english, german) => {
      const about = (language: Language) => {
        speak(language);
        const result = schema.safeParse(input);
        const key = Object.keys(input)[0];
        return result.error?.issues.find((issue) => issue.path[0] === key)?.message;
      };
      expect(about('en')).toBe(english);
      expect(about('de')).toBe(german);
    },
  );

  it('has words for each worded field in both languages, and none for list entries', () => {
    for (const key of WORDED_FIELDS) {
      for (const language of languages) expect(fieldWords([key], language), key).toBeDefined();
    }
    expect(fieldWords(['betSizes', 2], 'en')).toBeUndefined();
    expect(fieldWords(['toString'], 'en')).toBeUndefined();
  });

  it('says the same for an issue rebuilt from the server’s validation error', () => {
    // The server sees a regex check's pattern as text and a rule's parameters as they were given.
    const pattern = String(/^[A-Za-z0-9][\w.-]*$/);
    expect(validationMessage({ code: 'invalid_format', format: 'regex', pattern }, 'en')).toBe(
      'Use only letters, digits and . _ -, and start with a letter or digit.',
    );
    expect(validationMessage({ code: 'custom', params: { rule: 'unique' } }, 'de')).toBe(
      'Jeder Eintrag darf nur einmal vorkommen.',
    );
    expect(validationMessage({ code: 'custom', params: { rule: 'no such rule' } }, 'en')).toBe(
      'Check this value.',
    );
  });
});
