/**
 * Form validation with the contracts' schemas, in the user's language: zod speaks the current language
 * already, but a rule of ours that carries a catalogue code in `params.code` (e.g. PASSWORDS_DONT_MATCH)
 * shows the catalogue message, and an API error that belongs to one field shows under that field.
 */
import { isErrorCode, type ErrorCode } from '@backoffice/contracts';
import type { schemaResolver } from '@mantine/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';

type StandardSchema = Parameters<typeof schemaResolver>[0];

/** A message of the screen for an issue the generic zod message does not say well; undefined keeps it. */
export type IssueMessage = (issue: z.core.$ZodIssue) => string | undefined;

function catalogueCode(issue: z.core.$ZodIssue): ErrorCode | undefined {
  const code = (issue as { params?: { code?: unknown } }).params?.code;
  return isErrorCode(code) ? code : undefined;
}

/** An issue of a list item (e.g. `casinoIds.2`) shows under the list field itself. */
function fieldPath(path: readonly PropertyKey[]): PropertyKey[] {
  const index = path.findIndex((segment) => typeof segment === 'number');
  return index === -1 ? [...path] : path.slice(0, index);
}

/** The schema for Mantine's `schemaResolver`, its issues worded for the screen. */
export function withScreenMessages(schema: z.ZodType, t: TFunction, message?: IssueMessage): StandardSchema {
  return {
    '~standard': {
      version: 1,
      vendor: 'backoffice',
      validate(value: unknown) {
        const result = schema.safeParse(value);
        if (result.success) return { value: result.data };
        return {
          issues: result.error.issues.map((issue) => {
            const code = catalogueCode(issue);
            return {
              path: fieldPath(issue.path),
              message: code ? t(`errors.${code}`) : (message?.(issue) ?? issue.message),
            };
          }),
        };
      },
    },
  };
}

/** The field each catalogue error is about, where a form has that field. */
const fieldOfCode: Partial<Record<ErrorCode, string>> = {
  USERNAME_TAKEN: 'username',
  EMAIL_TAKEN: 'email',
  PASSWORDS_DONT_MATCH: 'passwordRepeat',
  CURRENT_PASSWORD_WRONG: 'currentPassword',
};

/**
 * The field errors an API error stands for (`{ field: message }`), or null when it is not about the
 * given fields and belongs in an alert.
 */
export function serverFieldErrors(
  error: unknown,
  fields: readonly string[],
  t: TFunction,
): Record<string, string> | null {
  if (!(error instanceof ApiError)) return null;
  const field = fieldOfCode[error.code];
  if (field && fields.includes(field)) return { [field]: t(`errors.${error.code}`) };
  const details = error.details ?? [];
  if (error.code !== 'VALIDATION_FAILED' || details.length === 0) return null;

  // Every problem must point at a field of the form (`body.<field>…`), else the alert says it.
  const errors: Record<string, string> = {};
  for (const detail of details) {
    const [part, name] = detail.path.split('.');
    if (part !== 'body' || !name || !fields.includes(name)) return null;
    errors[name] ??= detail.message;
  }
  return errors;
}
