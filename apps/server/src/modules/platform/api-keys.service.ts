/**
 * Managing an integration's API keys: list, create (the key is answered once and only its hash kept) and
 * revoke. The integration must exist and be in the user's scope; otherwise it does not exist for them.
 * Creating and revoking are audited on the integration, naming the key by id, name and prefix — never the
 * key or its hash.
 */
import type { ApiKey, CreateApiKey, CreatedApiKey } from '@backoffice/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { integrationInScope, type Scope } from '../../lib/scope';
import { withConstraintErrors } from '../../lib/writes';
import { auditOf, type Actor } from '../audit/audit.service';
import { generateApiKey } from './api-keys';
import { createApiKeysRepository } from './api-keys.repository';

const audit = auditOf('integration');

const constraints = {
  // The integration was deleted between our check and the insert.
  integration_api_keys_integration_id_integrations_id_fk: 'INTEGRATION_NOT_FOUND',
} as const;

/** What the trail keeps of a key: keyed by its id, so that each entry says which key changed. */
const audited = (apiKey: ApiKey) => ({
  apiKeys: { [apiKey.id]: { name: apiKey.name, prefix: apiKey.prefix, revokedAt: apiKey.revokedAt } },
});

export function createApiKeysService(db: Db, repository = createApiKeysRepository()) {
  async function assertIntegration(tx: Db, integrationId: string, scope: Scope): Promise<void> {
    if (
      !integrationInScope(scope, integrationId) ||
      !(await repository.integrationExists(tx, integrationId))
    ) {
      throw new AppError('INTEGRATION_NOT_FOUND');
    }
  }

  return {
    async list(integrationId: string, scope: Scope): Promise<ApiKey[]> {
      await assertIntegration(db, integrationId, scope);
      return repository.list(db, integrationId);
    },

    create(
      integrationId: string,
      { name }: CreateApiKey,
      scope: Scope,
      actor: Actor | null,
    ): Promise<CreatedApiKey> {
      const { key, prefix, hash } = generateApiKey();
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            await assertIntegration(tx, integrationId, scope);
            const apiKey = await repository.insert(tx, {
              integrationId,
              name,
              prefix,
              keyHash: hash,
              createdBy: actor?.name ?? null,
            });
            await audit(tx, {
              actor,
              action: 'api-key-created',
              entityId: integrationId,
              before: null,
              after: audited(apiKey),
            });
            return { apiKey, key };
          }),
        constraints,
      );
    },

    /** Revoking a revoked key changes nothing and answers it as it is. */
    revoke(integrationId: string, keyId: string, scope: Scope, actor: Actor | null): Promise<ApiKey> {
      return db.transaction(async (tx) => {
        await assertIntegration(tx, integrationId, scope);
        const revoked = await repository.revoke(tx, integrationId, keyId);
        if (!revoked) {
          const current = await repository.find(tx, integrationId, keyId);
          if (!current) throw new AppError('RECORD_NOT_FOUND');
          return current;
        }
        await audit(tx, {
          actor,
          action: 'api-key-revoked',
          entityId: integrationId,
          before: audited({ ...revoked, revokedAt: null }),
          after: audited(revoked),
        });
        return revoked;
      });
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
