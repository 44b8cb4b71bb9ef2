import { describe, expect, it } from 'vitest';
import { errorCatalogue, errorCodes, errorMessage, errorStatus, isErrorCode, type ErrorCode } from './errors';
import { languages } from './languages';

const entries = Object.entries(errorCatalogue) as [ErrorCode, (typeof errorCatalogue)[ErrorCode]][];

/** The messages the spec (§1, §2, §8) quotes in English, with the code that carries each. */
const specMessages: [ErrorCode, number, string][] = [
  ['BAD_CREDENTIALS', 401, 'Bad credentials'],
  ['NO_PERMISSION', 403, 'No permission.'],
  ['NO_DATA', 404, 'No data found.'],
  ['PASSWORDS_DONT_MATCH', 400, "Passwords don't match."],
  ['OWN_USER', 403, 'This action cannot be processed on the own user.'],
  ['BACKEND_UNREACHABLE', 503, 'No connection to the backoffice backend.'],
  ['BRIDGE_UNREACHABLE', 502, 'No connection to the bridge.'],
  ['BRIDGE_TIMEOUT', 504, 'Bridge does not respond.'],
  ['REPORTING_UNAVAILABLE', 503, 'Reporting service does not respond.'],
  ['JURISDICTION_NAME_TAKEN', 409, 'Jurisdiction name already taken.'],
  ['NOT_FOUND', 404, 'This page could not be found'],
  ['HASH_NOT_UNIQUE', 409, 'Hash must be unique.'],
  ['GAME_VERSION_TAKEN', 409, 'Game version number already taken.'],
];

/** Further errors the spec lists (§8) without quoting them: each needs a catalogue entry with a fitting status. */
const specConflicts: ErrorCode[] = [
  'BRIDGE_IN_USE',
  'GAME_ID_TAKEN',
  'GAME_STUDIO_IN_USE',
  'INTEGRATION_HAS_CASINOS',
  'INTEGRATION_ID_TAKEN',
  'CASINO_ID_TAKEN',
  'CASINO_GAME_ALREADY_ASSIGNED',
  'INTEGRATION_OPTION_IN_USE',
  'JURISDICTION_IN_USE',
  'CASINO_IS_INTEGRATION_DEFAULT',
  'INTEGRATION_OPTION_NAME_TAKEN',
  'GAME_PROVIDER_HAS_GAMES',
  'GAME_PROVIDER_ID_TAKEN',
  'GAME_PROVIDER_NAME_TAKEN',
  'GAME_STUDIO_NAME_TAKEN',
];
const specNotFound: ErrorCode[] = [
  'GAME_PROVIDER_BOUND_NOT_FOUND',
  'GAME_PROVIDER_NOT_FOUND',
  'GAME_STUDIO_NOT_FOUND',
];
const specBadInput: ErrorCode[] = [
  'OPERATOR_API_CONFIG_NOT_APPLICABLE',
  'GAME_PROVIDER_CONFIG_NOT_APPLICABLE',
];
const specIdentityFailures: ErrorCode[] = [
  'IDENTITY_ADD_USER_FAILED',
  'IDENTITY_EDIT_USER_FAILED',
  'IDENTITY_DELETE_USER_FAILED',
  'IDENTITY_LIST_USERS_FAILED',
  'IDENTITY_GET_USER_FAILED',
  'IDENTITY_RESET_PASSWORD_FAILED',
];

describe('error catalogue (spec §8)', () => {
  it('lists every catalogue key in errorCodes, once', () => {
    expect([...errorCodes].sort()).toEqual(Object.keys(errorCatalogue).sort());
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
  });

  it.each(entries)('%s answers with an error status (4xx or 5xx)', (_code, definition) => {
    expect(Number.isInteger(definition.status)).toBe(true);
    expect(definition.status).toBeGreaterThanOrEqual(400);
    expect(definition.status).toBeLessThan(600);
  });

  it.each(entries)('%s has a German and an English message that differ', (_code, definition) => {
    expect(Object.keys(definition.messages).sort()).toEqual([...languages].sort());
    for (const language of languages) {
      expect(definition.messages[language].trim()).not.toBe('');
      expect(definition.messages[language]).toBe(definition.messages[language].trim());
    }
    expect(definition.messages.de).not.toBe(definition.messages.en);
  });

  it.each(languages)('gives every code its own %s message', (language) => {
    const messages = entries.map(([, definition]) => definition.messages[language]);
    expect(new Set(messages).size).toBe(messages.length);
  });

  it('has a 500 INTERNAL fallback for unexpected errors', () => {
    expect(errorStatus('INTERNAL')).toBe(500);
  });

  it.each(specMessages)('%s carries status %i and the spec message "%s"', (code, status, message) => {
    expect(errorStatus(code)).toBe(status);
    expect(errorMessage(code, 'en')).toBe(message);
    expect(errorMessage(code, 'de')).not.toBe(message);
  });

  it.each(specConflicts)('%s is a 409 conflict', (code) => {
    expect(errorStatus(code)).toBe(409);
  });

  it.each(specNotFound)('%s is a 404', (code) => {
    expect(errorStatus(code)).toBe(404);
  });

  it.each(specBadInput)('%s is a 400', (code) => {
    expect(errorStatus(code)).toBe(400);
  });

  it.each(specIdentityFailures)('%s is a 5xx failure of the identity service', (code) => {
    expect(errorStatus(code)).toBeGreaterThanOrEqual(500);
    expect(errorMessage(code, 'en')).toMatch(/identity service/);
  });
});

describe('errorMessage and errorStatus', () => {
  it('read the catalogue entry of the code in the asked language', () => {
    expect(errorMessage('JURISDICTION_NAME_TAKEN', 'de')).toBe(
      errorCatalogue.JURISDICTION_NAME_TAKEN.messages.de,
    );
    expect(errorMessage('JURISDICTION_NAME_TAKEN', 'en')).toBe('Jurisdiction name already taken.');
    expect(errorStatus('STALE_VERSION')).toBe(409);
    expect(errorStatus('VALIDATION_FAILED')).toBe(400);
  });
});

describe('isErrorCode', () => {
  it.each(errorCodes)('accepts %s', (code) => {
    expect(isErrorCode(code)).toBe(true);
  });

  it.each([
    ['an unknown code', 'NOPE'],
    ['a lower-case code', 'not_found'],
    ['an inherited property name', 'toString'],
    ['the prototype key', '__proto__'],
    ['an empty string', ''],
    ['undefined', undefined],
    ['a number', 404],
    ['an object', { code: 'NOT_FOUND' }],
  ])('rejects %s', (_label, value) => {
    expect(isErrorCode(value)).toBe(false);
  });
});
