/** Bridges: the operator-side HTTP services the back office talks to (docs/bridge-protocol.md). */
import { z } from 'zod';
import { propertiesSchema } from './catalogue-ids';
import { listQuerySchema, pageSchema, recordMetaSchema, versionField } from './lists';

export const BRIDGE_NAME_MAX = 100;
export const BRIDGE_SECRET_MIN = 16;

export const bridgeIdSchema = z.uuid();

const routerUrl = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/ }));

const bridgeFields = z.object({
  name: z.string().trim().min(1).max(BRIDGE_NAME_MAX),
  routerUrl,
  properties: propertiesSchema,
  /** The shared secret that signs every request to the bridge; empty on change keeps the stored one. */
  secret: z.union([z.literal(''), z.string().min(BRIDGE_SECRET_MIN).max(500)]),
});

export const bridgeSchema = z
  .object({
    id: bridgeIdSchema,
    name: z.string(),
    routerUrl: z.string(),
    properties: z.record(z.string(), z.string()),
    /** Whether a signing secret is stored; the secret itself is never answered. */
    secretSet: z.boolean(),
  })
  .extend(recordMetaSchema.shape)
  .meta({ id: 'Bridge' });
export type Bridge = z.infer<typeof bridgeSchema>;

export const bridgeCreateSchema = bridgeFields.extend({
  secret: z.string().min(BRIDGE_SECRET_MIN).max(500),
});
export type BridgeCreate = z.infer<typeof bridgeCreateSchema>;

export const bridgeUpdateSchema = bridgeFields.extend(versionField);
export type BridgeUpdate = z.infer<typeof bridgeUpdateSchema>;

export const bridgeSortFields = ['name', 'routerUrl', 'updatedAt'] as const;
export type BridgeSortField = (typeof bridgeSortFields)[number];
export const bridgeListQuerySchema = listQuerySchema(bridgeSortFields, 'name');
export type BridgeListQuery = z.infer<typeof bridgeListQuerySchema>;
export const bridgePageSchema = pageSchema(bridgeSchema);
