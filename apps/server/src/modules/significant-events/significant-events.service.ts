import { randomUUID } from 'node:crypto';
import type {
  Page,
  SignificantEvent,
  SignificantEventInput,
  SignificantEventListQuery,
} from '@backoffice/contracts';
import type { Db } from '../../db/client';
import type { Scope } from '../../lib/scope';
import { pageOf } from '../../lib/sql';
import { insertAudited, type Actor } from '../audit/audit.service';
import {
  createSignificantEventsRepository,
  insertEventStatement,
  storedEvent,
} from './significant-events.repository';

/** Blank optional text is stored as nothing. */
const orNull = (text: string | null | undefined) => (text ? text : null);

export function createSignificantEventsService(db: Db, repository = createSignificantEventsRepository()) {
  return {
    async list(query: SignificantEventListQuery, scope: Scope): Promise<Page<SignificantEvent>> {
      return pageOf(query, await repository.list(db, query, scope));
    },

    /** The event and its audit entry, written together by one statement. */
    async create(input: SignificantEventInput, actor: Actor | null): Promise<SignificantEvent> {
      const event = {
        id: randomUUID(),
        happenedAt: new Date(input.happenedAt).toISOString(),
        reason: input.reason,
        component: orNull(input.component),
        user: orNull(input.user),
        beforeValue: orNull(input.beforeValue),
        afterValue: orNull(input.afterValue),
        createdBy: actor?.name ?? null,
      };
      const { createdAt } = await insertAudited<{ createdAt: string }>(
        db,
        'significant event',
        insertEventStatement,
        storedEvent(event, actor?.id ?? null),
        { actor, entityType: 'significant-event', entityId: event.id, after: event },
      );
      return { ...event, createdAt };
    },
  };
}

export type SignificantEventsService = ReturnType<typeof createSignificantEventsService>;
