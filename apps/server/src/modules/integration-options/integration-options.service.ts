import type {
  IntegrationOption,
  IntegrationOptionCreate,
  IntegrationOptionListQuery,
  IntegrationOptionUpdate,
  Page,
} from '@backoffice/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { pageOf } from '../../lib/sql';
import { changeVersioned, withConstraintErrors } from '../../lib/writes';
import { auditOf, type Actor } from '../audit/audit.service';
import { createIntegrationOptionsRepository } from './integration-options.repository';

const audit = auditOf('integration-option');
const constraints = {
  integration_options_name_key: 'INTEGRATION_OPTION_NAME_TAKEN',
  // A casino gave the option a value between our read and the delete.
  casino_option_values_option_id_integration_options_id_fk: 'INTEGRATION_OPTION_IN_USE',
} as const;

/** The parts of an option that its audit entries compare (not the derived casino count). */
function audited({ casinoCount: _casinos, ...option }: IntegrationOption) {
  return option;
}

export function createIntegrationOptionsService(db: Db, repository = createIntegrationOptionsRepository()) {
  return {
    async list(query: IntegrationOptionListQuery): Promise<Page<IntegrationOption>> {
      return pageOf(query, await repository.list(db, query));
    },

    async get(id: string): Promise<IntegrationOption> {
      const found = await repository.findById(db, id);
      if (!found) throw new AppError('INTEGRATION_OPTION_NOT_FOUND');
      return found;
    },

    create(input: IntegrationOptionCreate, actor: Actor | null): Promise<IntegrationOption> {
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
            return created;
          }),
        constraints,
      );
    },

    update(
      id: string,
      { version, ...input }: IntegrationOptionUpdate,
      actor: Actor | null,
    ): Promise<IntegrationOption> {
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            // No casino may give the option a value while we look whether its data type may change.
            await repository.lock(tx, id);
            const { before, after } = await changeVersioned(
              () => repository.findById(tx, id),
              version,
              async (current) => {
                // The casinos' values are in the formats of the current type: it stays while any exists.
                if (current.dataType !== input.dataType && current.casinoCount > 0) {
                  throw new AppError('INTEGRATION_OPTION_IN_USE');
                }
                return repository.update(tx, id, version, input, current.casinoCount);
              },
              'INTEGRATION_OPTION_NOT_FOUND',
            );
            await audit(tx, {
              actor,
              action: 'update',
              entityId: id,
              before: audited(before),
              after: audited(after),
            });
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
              async (current) => {
                // Checked first for a clear answer; the foreign key still guards a concurrent insert.
                if (current.casinoCount > 0) throw new AppError('INTEGRATION_OPTION_IN_USE');
                return repository.delete(tx, id, version);
              },
              'INTEGRATION_OPTION_NOT_FOUND',
            );
            await audit(tx, { actor, action: 'delete', entityId: id, before: audited(before), after: null });
          }),
        constraints,
      );
    },
  };
}

export type IntegrationOptionsService = ReturnType<typeof createIntegrationOptionsService>;
