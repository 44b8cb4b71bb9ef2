/**
 * A configuration change that has not reached the bridges yet (issue 18): an activation waits for its
 * automatic push until the bridge confirms it. Integrations and casinos both show it.
 */
import { z } from 'zod';

export const pendingDeliverySchema = z.object({
  pendingSince: z.iso.datetime(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
});
export type PendingDelivery = z.infer<typeof pendingDeliverySchema>;
