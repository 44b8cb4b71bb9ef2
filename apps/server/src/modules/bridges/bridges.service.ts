import type { BridgeCreate, BridgeUpdate } from '@backoffice/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { casinos, integrations } from '../../db/schema';
import { configService } from '../../lib/config-service';
import { usedBy } from '../../lib/record-usage';
import { sealSecret } from '../../lib/sealed-secrets';
import type { SecretBox } from '../../lib/secret-box';
import {
  createBridgesRepository,
  toBridge,
  type BridgeValues,
  type StoredBridge,
} from './bridges.repository';

/** Bridges; their shared secret is stored sealed by `secrets` (issue 15) and never answered. */
export function createBridgesService(db: Db, secrets: SecretBox, repository = createBridgesRepository()) {
  return configService(db, {
    repository,
    entityType: 'bridge',
    secrets: new Set(['secret']),
    notFound: 'BRIDGE_NOT_FOUND',
    constraints: {
      bridges_name_key: 'BRIDGE_NAME_TAKEN',
      // Casinos that use the bridge refuse its deletion.
      casinos_bridge_id_bridges_id_fk: 'BRIDGE_USED_BY_CASINOS',
      // Integrations that use the bridge refuse its deletion too ("Bridge in use by integrations").
      integrations_bridge_id_bridges_id_fk: 'BRIDGE_IN_USE',
    },
    usedBy: (id, scope) => [
      usedBy.casinos(eq(casinos.bridgeId, id), scope),
      usedBy.integrations(eq(integrations.bridgeId, id), scope),
    ],
    toItem: toBridge,
    audited: ({ version: _v, createdAt: _c, updatedAt: _u, ...bridge }: StoredBridge) => bridge,
    created: (input: BridgeCreate): BridgeValues => ({ ...input, secret: sealSecret(secrets, input.secret) }),
    // An empty secret keeps the stored one: it is never sent to the browser to be sent back.
    changed: ({ secret, ...input }: Omit<BridgeUpdate, 'version'>, current) => ({
      ...input,
      secret: secret ? sealSecret(secrets, secret) : current.secret,
    }),
  });
}

export type BridgesService = ReturnType<typeof createBridgesService>;
