/**
 * Form-side wrappers around the contract's field schemas: an empty select or number field says "required"
 * in the UI language, and the contract's pattern messages (English) can be worded in the UI language.
 */
import { z } from 'zod';
import { i18n } from '../i18n';

function formField<Output, Input>(
  schema: z.ZodType<Output, Input>,
  required: boolean,
  pattern?: (value: Input) => string,
) {
  const checked = z.custom<Input | null>().transform((value, ctx) => {
    if (required && (value === null || value === undefined)) {
      ctx.addIssue({ code: 'custom', message: i18n.t('common.required'), input: value });
      return z.NEVER;
    }
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.addIssue({
        code: 'custom',
        path: issue.path,
        message: pattern && issue.code === 'invalid_format' ? pattern(value as Input) : issue.message,
        input: value,
      });
    }
    return z.NEVER;
  });
  // The transform's output is the schema's (zod types it as `Awaited<Output>`, the same for plain values).
  return checked as unknown as z.ZodType<Output, Input | null>;
}

/** A field whose form value is `null` until the user fills it (a select, a number). */
export function required<Output, Input>(schema: z.ZodType<Output, Input>) {
  return formField(schema, true);
}

/** The contract's schema, a pattern failure worded by `message` in the UI language. */
export function withPatternMessage<Output, Input>(
  schema: z.ZodType<Output, Input>,
  message: (value: Input) => string,
) {
  return formField(schema, false, message) as z.ZodType<Output, Input>;
}
