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
import { changeVersioned, withConstraintErrors } from '../../lib/writes';
import { auditOf, type Actor } from '../audit/audit.service';
import { createJurisdictionsRepository } from './jurisdictions.repository';

const audit = auditOf('jurisdiction');
const constraints = {
  jurisdictions_name_key: 'JURISDICTION_NAME_TAKEN',
  // A jurisdiction a game version is certified for stays (spec §5: deleted only if not in use).
  game_version_jurisdictions_jurisdiction_id_jurisdictions_id_fk: 'JURISDICTION_USED_BY_GAME_VERSIONS',
  casinos_jurisdiction_id_jurisdictions_id_fk: 'JURISDICTION_IN_USE',
} as const;

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
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            const created = await repository.insert(tx, { name: input.name });
            await audit(tx, { actor, action: 'create', entityId: created.id, before: null, after: created });
            return created;
          }),
        constraints,
      );
    },

    update(id: string, input: JurisdictionUpdate, actor: Actor | null): Promise<Jurisdiction> {
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            const { before, after } = await changeVersioned(
              () => repository.findById(tx, id),
              input.version,
              () => repository.update(tx, id, input.version, { name: input.name }),
            );
            await audit(tx, { actor, action: 'update', entityId: id, before, after });
            return after;
          }),
        constraints,
      );
    },

    delete(id: string, version: number, actor: Actor | null): Promise<void> {
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            const { before } = await changeVersioned(
              () => repository.findById(tx, id),
              version,
              () => repository.delete(tx, id, version),
            );
            await audit(tx, { actor, action: 'delete', entityId: id, before, after: null });
          }),
        constraints,
      );
    },
  };
}

export type JurisdictionsService = ReturnType<typeof createJurisdictionsService>;
