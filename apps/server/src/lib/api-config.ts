/**
 * The rules of an API configuration (game providers, casinos' operator APIs): only the chosen API's
 * fields, its first field required, secrets kept when left empty and never answered (decision 014).
 */
import type { ErrorCode } from '@backoffice/contracts';
import { AppError } from './app-error';

export interface StoredConfig {
  config: Record<string, string>;
  secrets: Record<string, string>;
}

export interface ApiConfigRules {
  /** The fields of the chosen API, the first one required. */
  fields: readonly string[];
  isSecret: (field: string) => boolean;
  /** The error for an entered field of another API. */
  notApplicable: ErrorCode;
}

/**
 * The configuration to store from what was entered and what is stored now. Entered fields of another
 * API are refused; secrets left empty keep their stored value unless listed in `clearSecrets`.
 */
export function resolveApiConfig(
  rules: ApiConfigRules,
  input: Partial<Record<string, string | undefined>>,
  clearSecrets: readonly string[] = [],
  stored: StoredConfig = { config: {}, secrets: {} },
): StoredConfig {
  const applicable = new Set(rules.fields);
  const entered = Object.entries(input).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
  );
  const foreign = entered.filter(([field]) => !applicable.has(field));
  if (foreign.length > 0) {
    throw new AppError(
      rules.notApplicable,
      foreign.map(([field]) => ({ path: `config.${field}`, message: 'not a field of the chosen API' })),
    );
  }

  const config: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  for (const field of applicable) {
    const kept = stored.secrets[field];
    if (rules.isSecret(field) && !clearSecrets.includes(field) && kept) secrets[field] = kept;
  }
  for (const [field, value] of entered) {
    if (rules.isSecret(field)) secrets[field] = value;
    else config[field] = value;
  }

  const [required] = rules.fields;
  if (required && !config[required] && !secrets[required]) {
    throw new AppError('VALIDATION_FAILED', [{ path: `config.${required}`, message: 'required' }]);
  }
  return { config, secrets };
}

/** Which secrets hold a value, in the given order: all the browser learns about them. */
export function secretsSetOf<Field extends string>(
  order: readonly Field[],
  secrets: Record<string, string>,
): Field[] {
  return order.filter((field) => Boolean(secrets[field]));
}
