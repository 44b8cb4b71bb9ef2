/**
 * The rules of a provider's API configuration: only the chosen API's fields, its first field required,
 * secrets kept when left empty and never answered (decision 014).
 */
import {
  isProviderSecretField,
  providerFieldsOf,
  providerSecretFields,
  type GameProviderApi,
  type ProviderConfigInput,
  type ProviderSecretField,
} from '@backoffice/contracts';
import { AppError } from '../../lib/app-error';

export interface StoredConfig {
  config: Record<string, string>;
  secrets: Record<string, string>;
}

/**
 * The configuration to store for `api` from what was entered and what is stored now. Entered fields of
 * another API are refused; secrets left empty keep their stored value unless listed in `clearSecrets`.
 */
export function resolveProviderConfig(
  api: GameProviderApi,
  input: ProviderConfigInput,
  clearSecrets: readonly ProviderSecretField[] = [],
  stored: StoredConfig = { config: {}, secrets: {} },
): StoredConfig {
  const applicable = new Set<string>(providerFieldsOf(api));
  const entered = Object.entries(input).filter(([, value]) => value !== undefined && value !== '') as [
    string,
    string,
  ][];
  const foreign = entered.filter(([field]) => !applicable.has(field));
  if (foreign.length > 0) {
    throw new AppError(
      'GAME_PROVIDER_CONFIG_NOT_APPLICABLE',
      foreign.map(([field]) => ({ path: `config.${field}`, message: `not a field of the ${api} API` })),
    );
  }

  const config: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  for (const field of applicable) {
    if (isProviderSecretField(field) && !clearSecrets.includes(field) && stored.secrets[field]) {
      secrets[field] = stored.secrets[field];
    }
  }
  for (const [field, value] of entered) {
    if (isProviderSecretField(field)) secrets[field] = value;
    else config[field] = value;
  }

  const [required] = providerFieldsOf(api);
  if (required && !config[required] && !secrets[required]) {
    throw new AppError('VALIDATION_FAILED', [{ path: `config.${required}`, message: 'required' }]);
  }
  return { config, secrets };
}

/** Which secrets hold a value, in the catalogue's order: all the browser learns about them. */
export function secretsSetOf(secrets: Record<string, string>): ProviderSecretField[] {
  return providerSecretFields.filter((field) => Boolean(secrets[field]));
}

/** Audit paths of the secret fields, whose values the trail masks. */
export const providerAuditSecrets: ReadonlySet<string> = new Set(
  providerSecretFields.map((field) => `secrets.${field}`),
);
