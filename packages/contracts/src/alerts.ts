/**
 * Alerts: what admins and developers must see until someone acknowledges it (a CPV mismatch). The message
 * holds the facts in English; the web app shows a translated title per kind above it.
 */
import { z } from 'zod';

export const alertKinds = ['cpv-mismatch', 'config-not-delivered'] as const;
export type AlertKind = (typeof alertKinds)[number];

export const alertSchema = z
  .object({
    id: z.uuid(),
    kind: z.string(),
    /** What it is about, e.g. the component. */
    subject: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).nullable(),
    raisedAt: z.iso.datetime(),
    acknowledgedAt: z.iso.datetime().nullable(),
    /** The name of who acknowledged it. */
    acknowledgedBy: z.string().nullable(),
  })
  .meta({ id: 'Alert' });
export type Alert = z.infer<typeof alertSchema>;

/** The open alerts, newest first (at most ALERTS_SHOWN; `total` counts them all). */
export const alertListSchema = z.object({
  items: z.array(alertSchema),
  total: z.number().int().min(0),
});
export type AlertList = z.infer<typeof alertListSchema>;

export const ALERTS_SHOWN = 50;
