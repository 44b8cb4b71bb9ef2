import { z } from 'zod';
import { listQuerySchema, pageSchema, recordMetaSchema } from './lists';

export const JURISDICTION_NAME_MAX = 100;

export const jurisdictionIdSchema = z.uuid();

const name = z.string().trim().min(1).max(JURISDICTION_NAME_MAX);

export const jurisdictionSchema = z
  .object({ id: jurisdictionIdSchema, name: z.string() })
  .extend(recordMetaSchema.shape)
  .meta({ id: 'Jurisdiction' });
export type Jurisdiction = z.infer<typeof jurisdictionSchema>;

export const jurisdictionCreateSchema = z.object({ name });
export type JurisdictionCreate = z.infer<typeof jurisdictionCreateSchema>;

export const jurisdictionUpdateSchema = z.object({ name, version: z.number().int().min(1) });
export type JurisdictionUpdate = z.infer<typeof jurisdictionUpdateSchema>;

export const jurisdictionSortFields = ['name', 'createdAt', 'updatedAt'] as const;
export type JurisdictionSortField = (typeof jurisdictionSortFields)[number];
export const jurisdictionListQuerySchema = listQuerySchema(jurisdictionSortFields, 'name');
export type JurisdictionListQuery = z.infer<typeof jurisdictionListQuerySchema>;

export const jurisdictionPageSchema = pageSchema(jurisdictionSchema);
