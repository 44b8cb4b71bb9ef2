import type { Bridge, BridgeCreate, BridgeListQuery, BridgeUpdate, Page } from '@backoffice/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { pageOf } from '../../lib/sql';
import { changeVersioned, withConstraintErrors } from '../../lib/writes';
import { auditOf, type Actor } from '../audit/audit.service';
import { createBridgesRepository, toBridge, type StoredBridge } from './bridges.repository';

const audit = auditOf('bridge', new Set(['secret']));
const constraints = {
  bridges_name_key: 'BRIDGE_NAME_TAKEN',
  // Casinos that use the bridge refuse its deletion.
  casinos_bridge_id_bridges_id_fk: 'BRIDGE_USED_BY_CASINOS',
  // Integrations that use the bridge refuse its deletion too.
  integrations_bridge_id_bridges_id_fk: 'BRIDGE_IN_USE',
} as const;

function audited({ version: _v, createdAt: _c, updatedAt: _u, ...bridge }: StoredBridge) {
  return bridge;
}

export function createBridgesService(db: Db, repository = createBridgesRepository()) {
  return {
    async list(query: BridgeListQuery): Promise<Page<Bridge>> {
      return pageOf(query, await repository.list(db, query));
    },

    async get(id: string): Promise<Bridge> {
      const found = await repository.findById(db, id);
      if (!found) throw new AppError('BRIDGE_NOT_FOUND');
      return toBridge(found);
    },

    create(input: BridgeCreate, actor: Actor | null): Promise<Bridge> {
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            const created = await repository.insert(tx, input);
            await audit(tx, {
              actor,
              action: 'create',
              entityId: created.id,
              before: null,
              after: audited(created),
            });
            return toBridge(created);
          }),
        constraints,
      );
    },

    update(id: string, { version, secret, ...input }: BridgeUpdate, actor: Actor | null): Promise<Bridge> {
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            const { before, after } = await changeVersioned(
              () => repository.findById(tx, id),
              version,
              // An empty secret keeps the stored one: it is never sent to the browser to be sent back.
              (current) => repository.update(tx, id, version, { ...input, secret: secret || current.secret }),
              'BRIDGE_NOT_FOUND',
            );
            await audit(tx, {
              actor,
              action: 'update',
              entityId: id,
              before: audited(before),
              after: audited(after),
            });
            return toBridge(after);
          }),
        constraints,
      );
    },

    /** Integrations that use the bridge will refuse its deletion ("Bridge in use by integrations"). */
    delete(id: string, version: number, actor: Actor | null): Promise<void> {
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            const { before } = await changeVersioned(
              () => repository.findById(tx, id),
              version,
              () => repository.delete(tx, id, version),
              'BRIDGE_NOT_FOUND',
            );
            await audit(tx, { actor, action: 'delete', entityId: id, before: audited(before), after: null });
          }),
        constraints,
      );
    },
  };
}

export type BridgesService = ReturnType<typeof createBridgesService>;
