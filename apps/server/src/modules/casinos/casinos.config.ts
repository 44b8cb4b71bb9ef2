/** The operator API configuration rules of casinos (decision 015), on the shared `lib/api-config`. */
import {
  isOperatorSecretField,
  operatorApis,
  operatorSecretFields,
  type OperatorApi,
  type OperatorConfigInput,
  type OperatorSecretField,
} from '@backoffice/contracts';
import { resolveApiConfig, secretsSetOf, type StoredConfig } from '../../lib/api-config';

export function resolveOperatorConfig(
  api: OperatorApi,
  input: OperatorConfigInput,
  clearSecrets: readonly OperatorSecretField[] = [],
  stored?: StoredConfig,
): StoredConfig {
  return resolveApiConfig(
    {
      fields: operatorApis[api],
      isSecret: isOperatorSecretField,
      notApplicable: 'OPERATOR_API_CONFIG_NOT_APPLICABLE',
    },
    input,
    clearSecrets,
    stored,
  );
}

export function operatorSecretsSetOf(secrets: Record<string, string>): OperatorSecretField[] {
  return secretsSetOf(operatorSecretFields, secrets);
}

/** Audit paths of the operator secrets, whose values the trail masks. */
export const operatorAuditSecrets: ReadonlySet<string> = new Set(
  operatorSecretFields.map((field) => `secrets.${field}`),
);
