/**
 * An API choice with its configuration fields, as game providers and casinos (operator APIs) have:
 * each API names the fields that apply to it, its first field is required, secret fields are write-only.
 */
import { z } from 'zod';
import { optionalHttpUrlSchema } from './catalogue-ids';
import { rule } from './validation-messages';

const configValue = z.string().trim().max(2000);

/** A configuration as entered: any known field; an empty value means "not set" (for secrets: "keep"). */
export function apiConfigInputSchema<const Field extends string>(
  fields: readonly Field[],
  urlFields: readonly Field[],
) {
  return z
    .object(
      Object.fromEntries(
        fields.map((field) => [
          field,
          (urlFields.includes(field) ? optionalHttpUrlSchema : configValue).optional(),
        ]),
      ) as Record<Field, z.ZodOptional<z.ZodString>>,
    )
    .strict();
}

/** The refinement "the chosen API's first field must be set" (form and server check the same rule). */
export function requireFirstApiField<Api extends string>(apis: Record<Api, readonly string[]>) {
  return (value: { api: Api; config: Partial<Record<string, string | undefined>> }, ctx: z.RefinementCtx) => {
    const [required] = apis[value.api];
    if (required && !value.config[required])
      ctx.addIssue({ code: 'custom', path: ['config', required], ...rule('required') });
  };
}
