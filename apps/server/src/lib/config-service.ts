/**
 * The shared core of the configuration services (architecture §3), as `crud-routes` is of their routes.
 * Every write runs in one transaction with its audit entry; a change or delete happens only at the version
 * the client read (STALE_VERSION otherwise, never a lost update); a violated unique or foreign-key
 * constraint becomes its catalogue error — the database decides, so concurrent writes stay exact. An area
 * says only what differs: its repository (`config-repository`), its errors, what its trail compares, and
 * its rules (the values of a change, when a record is in use).
 */
import type { AuditEntityType, ErrorCode, Page } from '@backoffice/contracts';
import type { Db } from '../db/client';
import { auditOf, type Actor, type AuditAction } from '../modules/audit/audit.service';
import { AppError } from './app-error';
import type { ConfigRepository } from './config-repository';
import { usageOf, type UsageSource } from './record-usage';
import type { Scope } from './scope';
import { pageOf } from './sql';
import { changeVersioned, deleteUnlessUsed, withConstraintErrors } from './writes';

/** What every configuration record has. */
type Versioned = { id: string; version: number };

export interface ConfigArea<Stored extends Versioned, Item, Query, Create, Insert, Changes> {
  repository: ConfigRepository<Stored, Query, Insert, Changes>;
  /** The audit trail's entity type, and the (dotted) fields it shows only as changed, never their value. */
  entityType: AuditEntityType;
  secrets?: ReadonlySet<string>;
  /** The answer to an id that no record has. */
  notFound: ErrorCode;
  /** Unique and foreign-key constraints by name, and the catalogue error a violation of each means. */
  constraints: { [constraint: string]: ErrorCode };
  /** What the API answers for a stored record (secrets left out, say). */
  toItem: (record: Stored) => Item;
  /** What the audit entries compare: the record without derived values such as usage counts. */
  audited: (record: Stored) => { [field: string]: unknown };
  /** The stored values of a new record; throws an AppError for input the rules refuse. */
  created: (input: Create) => Insert;
  /**
   * Why a record cannot be deleted (it is in use), or undefined. Checked first for a clear answer; the
   * foreign keys named in `constraints` still refuse a reference added meanwhile.
   */
  inUse?: (record: Stored) => ErrorCode | undefined;
  /**
   * What refers to the record, kind by kind (`usedBy` of record-usage): a refused delete names it, as
   * far as the caller's scope may see it.
   */
  usedBy?: (id: string, scope: Scope) => UsageSource[];
  /**
   * Lock the row before a change reads it, so that no row can come to refer to the record while the rules
   * of the change look at those that do (an option's data type stays while casinos have values of it).
   */
  lockOnChange?: boolean;
}

/**
 * The records of an area: list, get, create, delete, and `change` — the one versioned, audited write that
 * updates, activates or retires. An area that is never edited (allowed hashes) builds on this directly.
 */
export function configRecords<
  Stored extends Versioned,
  Item,
  Query extends { page: number; pageSize: number },
  Create,
  Insert,
  Changes,
>(db: Db, area: ConfigArea<Stored, Item, Query, Create, Insert, Changes>) {
  const { repository, notFound, toItem, audited } = area;
  const audit = auditOf(area.entityType, area.secrets);
  const inTransaction = <T>(work: (tx: Db) => Promise<T>) =>
    withConstraintErrors(() => db.transaction(work), area.constraints);

  return {
    async list(query: Query): Promise<Page<Item>> {
      const { items, total } = await repository.list(db, query);
      return pageOf(query, { items: items.map(toItem), total });
    },

    async get(id: string): Promise<Item> {
      const found = await repository.findById(db, id);
      if (!found) throw new AppError(notFound);
      return toItem(found);
    },

    create(input: Create, actor: Actor | null): Promise<Item> {
      // Before the transaction: input the rules refuse never opens one.
      const values = area.created(input);
      return inTransaction(async (tx) => {
        const created = await repository.insert(tx, values);
        await audit(tx, {
          actor,
          action: 'create',
          entityId: created.id,
          before: null,
          after: audited(created),
        });
        return toItem(created);
      });
    },

    /**
     * Sets what `changes` makes of the record as it is, at the version the client read, and records it as
     * `action`. `changes` throws an AppError for a change the rules refuse.
     */
    change(
      id: string,
      version: number,
      actor: Actor | null,
      action: AuditAction,
      changes: (current: Stored) => Changes,
    ): Promise<Item> {
      return inTransaction(async (tx) => {
        if (area.lockOnChange) await repository.lock(tx, id);
        const { before, after } = await changeVersioned(
          () => repository.findById(tx, id),
          version,
          (current) => repository.update(tx, id, version, changes(current)),
          notFound,
        );
        await audit(tx, { actor, action, entityId: id, before: audited(before), after: audited(after) });
        return toItem(after);
      });
    },

    /** Refused while the record is in use: the answer says by what (as far as `scope` may see it). */
    delete(id: string, version: number, actor: Actor | null, scope: Scope): Promise<void> {
      return inTransaction(async (tx) => {
        const usage = () => usageOf(tx, area.usedBy?.(id, scope) ?? []);
        const { before } = await changeVersioned(
          () => repository.findById(tx, id),
          version,
          async (current) => {
            const inUse = area.inUse?.(current);
            if (inUse) throw new AppError(inUse, await usage());
            return deleteUnlessUsed(
              tx,
              (savepoint) => repository.delete(savepoint, id, version),
              area.constraints,
              usage,
            );
          },
          notFound,
        );
        await audit(tx, { actor, action: 'delete', entityId: id, before: audited(before), after: null });
      });
    },
  };
}

/**
 * A configuration service as `crud-routes` serves it: the records of `configRecords`, and their change
 * through `changed`, which makes the values to set from the input and the record as it is (and throws an
 * AppError for a change the rules refuse).
 */
export function configService<
  Stored extends Versioned,
  Item,
  Query extends { page: number; pageSize: number },
  Create,
  Fields,
  Insert,
  Changes,
>(
  db: Db,
  area: ConfigArea<Stored, Item, Query, Create, Insert, Changes> & {
    changed: (input: Fields, current: Stored) => Changes;
  },
) {
  const records = configRecords(db, area);
  return {
    ...records,
    update(
      id: string,
      { version, ...input }: Fields & { version: number },
      actor: Actor | null,
    ): Promise<Item> {
      return records.change(id, version, actor, 'update', (current) =>
        area.changed(input as Fields, current),
      );
    },
  };
}
