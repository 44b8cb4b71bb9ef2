import type {
  Jurisdiction,
  JurisdictionCreate,
  JurisdictionListQuery,
  JurisdictionUpdate,
  Page,
} from '@backoffice/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { pageOf } from '../../lib/sql';
import { assertCurrent, withUniqueErrors } from '../../lib/writes';
import { recordAudit, type Actor } from '../audit/audit.service';
import { createJurisdictionsRepository } from './jurisdictions.repository';

const ENTITY = 'jurisdiction';
const uniqueErrors = { jurisdictions_name_key: 'JURISDICTION_NAME_TAKEN' } as const;

export function createJurisdictionsService(db: Db, repository = createJurisdictionsRepository()) {
  return {
    async list(query: JurisdictionListQuery): Promise<Page<Jurisdiction>> {
      return pageOf(query, await repository.list(db, query));
    },

    async get(id: string): Promise<Jurisdiction> {
      const found = await repository.findById(db, id);
      if (!found) throw new AppError('RECORD_NOT_FOUND');
      return found;
    },

    create(input: JurisdictionCreate, actor: Actor | null): Promise<Jurisdiction> {
      return withUniqueErrors(
        () =>
          db.transaction(async (tx) => {
            const created = await repository.insert(tx, { name: input.name });
            await recordAudit(tx, {
              actor,
              entityType: ENTITY,
              entityId: created.id,
              action: 'create',
              before: null,
              after: created,
            });
            return created;
          }),
        uniqueErrors,
      );
    },

    update(id: string, input: JurisdictionUpdate, actor: Actor | null): Promise<Jurisdiction> {
      return withUniqueErrors(
        () =>
          db.transaction(async (tx) => {
            const before = assertCurrent(await repository.findById(tx, id), input.version);
            const after = await repository.update(tx, id, input.version, { name: input.name });
            // A concurrent writer got in between the read and the write.
            if (!after) throw new AppError('STALE_VERSION');
            await recordAudit(tx, {
              actor,
              entityType: ENTITY,
              entityId: id,
              action: 'update',
              before,
              after,
            });
            return after;
          }),
        uniqueErrors,
      );
    },

    delete(id: string, version: number, actor: Actor | null): Promise<void> {
      return db.transaction(async (tx) => {
        const before = assertCurrent(await repository.findById(tx, id), version);
        const deleted = await repository.delete(tx, id, version);
        if (!deleted) throw new AppError('STALE_VERSION');
        await recordAudit(tx, {
          actor,
          entityType: ENTITY,
          entityId: id,
          action: 'delete',
          before,
          after: null,
        });
      });
    },
  };
}

export type JurisdictionsService = ReturnType<typeof createJurisdictionsService>;
