/** Alerts for admins and developers: listed until someone acknowledges them, which is audited. */
import type { Alert, AlertList } from '@backoffice/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { auditOf, type Actor } from '../audit/audit.service';
import { createAlertsRepository } from './alerts.repository';

const audit = auditOf('alert');

export function createAlertsService(db: Db, repository = createAlertsRepository()) {
  return {
    listOpen(): Promise<AlertList> {
      return repository.listOpen(db);
    },

    /** Acknowledges an open alert once; a second acknowledgement is a conflict, not a new entry. */
    acknowledge(id: string, actor: Actor): Promise<Alert> {
      return db.transaction(async (tx) => {
        const acknowledged = await repository.acknowledge(tx, id, actor);
        if (!acknowledged) {
          const existing = await repository.find(tx, id);
          throw new AppError(existing ? 'ALERT_ALREADY_ACKNOWLEDGED' : 'ALERT_NOT_FOUND');
        }
        await audit(tx, {
          actor,
          action: 'update',
          entityId: id,
          before: { kind: acknowledged.kind, subject: acknowledged.subject, acknowledgedAt: null },
          after: {
            kind: acknowledged.kind,
            subject: acknowledged.subject,
            acknowledgedAt: acknowledged.acknowledgedAt,
            acknowledgedBy: acknowledged.acknowledgedBy,
          },
        });
        return acknowledged;
      });
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
