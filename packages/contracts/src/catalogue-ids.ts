/** Identifiers of the game catalogue that staff choose themselves: short, URL-safe, stable. */
import { z } from 'zod';

export const CODE_ID_MAX = 64;

/** A chosen id (game id, game provider id): letters, digits, `.`, `_` and `-`, starting with a letter or digit. */
export const codeIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(CODE_ID_MAX)
  .regex(/^[A-Za-z0-9][\w.-]*$/, 'letters, digits and . _ - only');

/** An http(s) address or nothing: blank input counts as nothing. */
export const optionalHttpUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/ })]));

/** A property key of a game version (and of a game's required keys). */
export const propertyKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z][\w.-]*$/, 'letters, digits and . _ - only, starting with a letter');

export const propertiesSchema = z
  .record(propertyKeySchema, z.string().max(2000))
  .refine((value) => Object.keys(value).length <= 200, { message: 'at most 200 properties' });
