/** The product's background jobs, run by the job engine (jobs/engine.ts) once per schedule across instances. */
import type { JobDefinition } from './engine';
import { purgeExpired } from './purge';

export const productJobs: readonly JobDefinition[] = [
  {
    name: 'housekeeping',
    cron: '*/15 * * * *',
    async run({ db }) {
      await purgeExpired(db);
    },
  },
];
