import type {
  Page,
  SignificantEvent,
  SignificantEventInput,
  SignificantEventListQuery,
} from '@backoffice/contracts';
import type { Db } from '../../db/client';
import type { Scope } from '../../lib/scope';
import { pageOf } from '../../lib/sql';
import { auditOf, type Actor } from '../audit/audit.service';
import { createSignificantEventsRepository } from './significant-events.repository';

const audit = auditOf('significant-event');

/** Blank optional text is stored as nothing. */
const orNull = (text: string | null | undefined) => (text ? text : null);

export function createSignificantEventsService(db: Db, repository = createSignificantEventsRepository()) {
  return {
    async list(query: SignificantEventListQuery, scope: Scope): Promise<Page<SignificantEvent>> {
      return pageOf(query, await repository.list(db, query, scope));
    },

    create(input: SignificantEventInput, actor: Actor | null): Promise<SignificantEvent> {
      return db.transaction(async (tx) => {
        const created = await repository.insert(tx, {
          happenedAt: new Date(input.happenedAt).toISOString(),
          reason: input.reason,
          component: orNull(input.component),
          userName: orNull(input.user),
          beforeValue: orNull(input.beforeValue),
          afterValue: orNull(input.afterValue),
          createdBy: actor?.id ?? null,
          createdByName: actor?.name ?? null,
        });
        await audit(tx, { actor, action: 'create', entityId: created.id, before: null, after: created });
        return created;
      });
    },
  };
}

export type SignificantEventsService = ReturnType<typeof createSignificantEventsService>;
