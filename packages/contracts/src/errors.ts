/**
 * The error catalogue (spec §8): every error the API answers with has a code here, its HTTP status and
 * its message in every interface language. The server localises `message` by the request's language;
 * the web app shows the catalogue message of `code` in the user's current language.
 *
 * Codes and statuses are in error-codes.ts, the messages in error-messages/<language>.ts — each file
 * lists every code (the types say so) — so that the web app's first page carries the codes only and
 * loads one language's messages with its texts.
 */
import { errorMessages as de } from './error-messages/de';
import { errorMessages as en } from './error-messages/en';
import { errorCodes, errorStatuses, type ErrorCode } from './error-codes';
import type { Language } from './languages';

export {
  errorCodes,
  errorStatus,
  errorStatuses,
  isErrorCode,
  type ErrorBody,
  type ErrorCode,
} from './error-codes';

interface ErrorDefinition {
  status: number;
  messages: Record<Language, string>;
}

const messagesOf: Record<Language, Record<ErrorCode, string>> = { en, de };

export const errorCatalogue = Object.fromEntries(
  errorCodes.map((code) => [code, { status: errorStatuses[code], messages: { en: en[code], de: de[code] } }]),
) as Record<ErrorCode, ErrorDefinition>;

export function errorMessage(code: ErrorCode, language: Language): string {
  return messagesOf[language][code];
}
