/**
 * Form-side wrappers around the contract's field schemas: an empty select or number field says "required"
 * in the UI language, and the contract's pattern messages (English) can be worded in the UI language.
 */
import { propertyKeySchema } from '@backoffice/contracts';
import { z } from 'zod';
import { i18n } from '../i18n';

function formField<Output, Input>(
  schema: z.ZodType<Output, Input>,
  required: boolean,
  pattern?: (value: Input) => string,
) {
  // Issues are passed on without a message: zod words them at the end of the form's parse, when their
  // path names the field, so that they say which value they mean ("Enter a name.", validation-fields.ts).
  const checked = z.custom<Input | null>().transform((value, ctx) => {
    if (required && (value === null || value === undefined)) {
      ctx.addIssue({ code: 'custom', params: { rule: 'required' }, input: value });
      return z.NEVER;
    }
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const passed: Record<string, unknown> = { ...issue, input: value };
      if (pattern && issue.code === 'invalid_format') passed.message = pattern(value as Input);
      else delete passed.message;
      ctx.addIssue(passed as never);
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

/** One key/value row of a properties editor. */
export interface PropertyRow {
  key: string;
  value: string;
}

/** A record of properties as editable rows (in key order). */
export function propertyRowsOf(properties: Record<string, string>): PropertyRow[] {
  return Object.entries(properties).map(([key, value]) => ({ key, value }));
}

/**
 * Properties edited as rows, checked and turned into the contract's key → value record: rows with neither
 * key nor value are left out; a key must be valid and appear once.
 */
export const propertyRowsSchema = z
  .array(z.object({ key: z.string(), value: z.string() }))
  .transform((rows, ctx) => {
    const record: Record<string, string> = {};
    rows.forEach((row, index) => {
      const key = row.key.trim();
      if (!key && !row.value.trim()) return;
      let message: string | undefined;
      if (!key) message = i18n.t('properties.keyRequired');
      else if (!propertyKeySchema.safeParse(key).success) message = i18n.t('properties.keyPattern');
      else if (key in record) message = i18n.t('properties.keyDuplicate', { key });
      if (message !== undefined) ctx.addIssue({ code: 'custom', message, path: [index, 'key'], input: rows });
      else record[key] = row.value;
    });
    return record;
  });
