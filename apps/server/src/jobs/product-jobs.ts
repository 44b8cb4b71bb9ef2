/** The product's background jobs, run by the job engine (jobs/engine.ts) once per schedule across instances. */
import { jobSummary } from '@backoffice/contracts';
import { cpvCheckJobOf } from '../modules/cpv/cpv-jobs';
import { CONFIG_DELIVERY_JOB, runConfigDelivery } from '../modules/integrations/config-delivery';
import type { IntegrationsService } from '../modules/integrations/integrations.service';
import type { ClosuresService } from '../modules/support/closures.service';
import type { SecretBox } from '../lib/secret-box';
import type { JobDefinition } from './engine';
import { runRetention } from '../modules/platform/retention';
import { purgeExpired } from './purge';

export interface ProductJobParts {
  closures: ClosuresService;
  integrations: IntegrationsService;
  /** How long a delivery may be pending before it raises an alert. */
  configDeliveryAlertMs: number;
  /** Opens the bridges' sealed secrets for the CPV job's calls (issue 15). */
  secrets?: SecretBox;
}

export function productJobs({
  closures,
  integrations,
  configDeliveryAlertMs,
  secrets,
}: ProductJobParts): readonly JobDefinition[] {
  return [
    {
      name: 'housekeeping',
      cron: '*/15 * * * *',
      async run({ db }) {
        await purgeExpired(db);
      },
    },
    {
      // Open rounds past their validity period are refunded (spec §3, §4); a run takes at most 200 rounds,
      // the next run the rest.
      name: 'auto-close',
      cron: '*/10 * * * *',
      changes: ['closed', 'pending', 'failed'],
      async run() {
        return jobSummary({ ...(await closures.autoCloseStale(200)) });
      },
    },
    {
      // Retention per integration (spec §3): old rounds and round details go, in small batches.
      name: 'retention',
      cron: '30 2 * * *',
      changes: ['roundsRemoved', 'detailsRemoved'],
      expireInSeconds: 60 * 60,
      async run({ db }) {
        return jobSummary({ ...(await runRetention(db)) });
      },
    },
    {
      // Pending bookings whose outcome is unknown are sent again with their key once their back-off is due
      // (CLOSE_RETRY_DELAYS_MS are the least waits; the schedule's minute is the finest step).
      name: 'booking-retries',
      cron: '* * * * *',
      retryLimit: 0,
      async run() {
        return jobSummary({ retried: await closures.retryDue(50) });
      },
    },
    {
      // Activation changes reach the bridges without a human (issue 18): started right after such a
      // change, and every minute for the retries (their back-off is the least wait).
      name: CONFIG_DELIVERY_JOB,
      cron: '* * * * *',
      retryLimit: 0,
      changes: ['alerted'],
      async run({ db, runAgainIn }) {
        const { nextInMs, ...done } = await runConfigDelivery(db, {
          deliver: (integrationId) => integrations.deliver(integrationId),
          alertAfterMs: configDeliveryAlertMs,
        });
        // A retry due before the next minute runs when it is due (the back-off, not the schedule, decides).
        if (runAgainIn && nextInMs !== null && nextInMs < 60_000) await runAgainIn(nextInMs / 1000);
        return jobSummary(done);
      },
    },
    // Control program verification: daily, and the checks asked for on the trigger screen.
    cpvCheckJobOf({ secrets }),
  ];
}
