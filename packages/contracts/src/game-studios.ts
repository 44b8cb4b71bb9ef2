import { z } from 'zod';
import { listQuerySchema, pageSchema, recordMetaSchema, versionField } from './lists';

export const GAME_STUDIO_NAME_MAX = 100;

export const gameStudioIdSchema = z.uuid();

const gameStudioFields = z.object({
  name: z.string().trim().min(1).max(GAME_STUDIO_NAME_MAX),
  /** The studio's id at Relax Gaming, where its games are distributed through Relax; optional. */
  relaxId: z.string().trim().max(64),
});

export const gameStudioSchema = z
  .object({ id: gameStudioIdSchema, name: z.string(), relaxId: z.string(), gameCount: z.number().int() })
  .extend(recordMetaSchema.shape)
  .meta({ id: 'GameStudio' });
export type GameStudio = z.infer<typeof gameStudioSchema>;

export const gameStudioCreateSchema = gameStudioFields;
export type GameStudioCreate = z.infer<typeof gameStudioCreateSchema>;

export const gameStudioUpdateSchema = gameStudioFields.extend(versionField);
export type GameStudioUpdate = z.infer<typeof gameStudioUpdateSchema>;

export const gameStudioSortFields = ['name', 'relaxId', 'updatedAt'] as const;
export type GameStudioSortField = (typeof gameStudioSortFields)[number];
export const gameStudioListQuerySchema = listQuerySchema(gameStudioSortFields, 'name');
export type GameStudioListQuery = z.infer<typeof gameStudioListQuerySchema>;
export const gameStudioPageSchema = pageSchema(gameStudioSchema);
