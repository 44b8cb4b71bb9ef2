/** The API configuration rules of game providers (decision 014), on the shared `lib/api-config`. */
import {
  isProviderSecretField,
  providerFieldsOf,
  providerSecretFields,
  type GameProviderApi,
  type ProviderConfigInput,
  type ProviderSecretField,
} from '@backoffice/contracts';
import { resolveApiConfig, secretsSetOf as secretsIn, type StoredConfig } from '../../lib/api-config';

export type { StoredConfig } from '../../lib/api-config';

export function resolveProviderConfig(
  api: GameProviderApi,
  input: ProviderConfigInput,
  clearSecrets: readonly ProviderSecretField[] = [],
  stored?: StoredConfig,
): StoredConfig {
  return resolveApiConfig(
    {
      fields: providerFieldsOf(api),
      isSecret: isProviderSecretField,
      notApplicable: 'GAME_PROVIDER_CONFIG_NOT_APPLICABLE',
    },
    input,
    clearSecrets,
    stored,
  );
}

export function secretsSetOf(secrets: Record<string, string>): ProviderSecretField[] {
  return secretsIn(providerSecretFields, secrets);
}

/** Audit paths of the secret fields, whose values the trail masks. */
export const providerAuditSecrets: ReadonlySet<string> = new Set(
  providerSecretFields.map((field) => `secrets.${field}`),
);
