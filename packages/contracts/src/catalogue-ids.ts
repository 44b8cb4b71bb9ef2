/** Identifiers of the game catalogue that staff choose themselves: short, URL-safe, stable. */
import { z } from 'zod';
import { rule, ruled } from './validation-messages';

export const CODE_ID_MAX = 64;

/** A chosen id (game id, game provider id): letters, digits, `.`, `_` and `-`, starting with a letter or digit. */
export const codeIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(CODE_ID_MAX)
  .regex(ruled(/^[A-Za-z0-9][\w.-]*$/, 'idChars'));

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
  .regex(ruled(/^[A-Za-z][\w.-]*$/, 'keyChars'));

export const propertiesSchema = z
  .record(propertyKeySchema, z.string().max(2000))
  .refine((value) => Object.keys(value).length <= 200, rule('maxProperties', 200));
