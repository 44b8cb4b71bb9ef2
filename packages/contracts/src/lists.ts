/** Server-side paging, sorting and filtering: the one shape every list endpoint and list screen uses. */
import { z } from 'zod';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const sortOrderSchema = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof sortOrderSchema>;

/** The query of a list endpoint with the given sortable fields; values arrive as strings. */
export function listQuerySchema<const Fields extends readonly [string, ...string[]]>(
  sortFields: Fields,
  defaultSort: Fields[number],
) {
  return z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    sort: z.enum(sortFields).default(defaultSort),
    order: sortOrderSchema.default('asc'),
    q: z.string().trim().max(200).optional(),
  });
}

export interface ListQuery<Field extends string = string> {
  page: number;
  pageSize: number;
  sort: Field;
  order: SortOrder;
  q?: string | undefined;
}

/**
 * Lists count their matches up to this many. Counting every match of a broad search costs more than the
 * figure is worth: past it, `totalCapped` says "more than" and the pages go as far as the limit.
 */
export const LIST_TOTAL_LIMIT = 1_000;

export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    /** More match than `total` (= LIST_TOTAL_LIMIT): they were not all counted. */
    totalCapped: z.boolean().default(false),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}

export interface Page<Item> {
  items: Item[];
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
}

/** Every configuration record carries these; `version` guards against lost updates. */
export const recordMetaSchema = z.object({
  version: z.number().int().min(1),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

/** The version the client read, sent back with every change (optimistic concurrency). */
export const expectedVersionSchema = z.object({ version: z.coerce.number().int().min(1) });

/** The `version` field of every update body. */
export const versionField = { version: z.number().int().min(1) };
