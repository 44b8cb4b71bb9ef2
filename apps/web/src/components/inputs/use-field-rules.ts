/**
 * Validation of a field by its rules string (spec §5), shared by every input of this folder.
 *
 * Nothing is validated before the first input or blur (`touch()`); from then on the current value is
 * validated whenever it changes, stopping at the first failing rule. Changing the rules string resets the
 * field to untouched, so the error disappears until the next input or blur. An external `error` (e.g. from
 * the server) shows in preference to the rules' message; with neither, the description shows — all of it
 * under the field (see {@link FIELD_WRAPPER_ORDER}).
 */
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseRules, validateValue, type RuleFailure, type RuleSet } from './rules';

/** Label above the input, then the error or else the description under it. */
export const FIELD_WRAPPER_ORDER: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'error',
  'description',
];

/** The props every input of this folder accepts for its label, help text and validation. */
export interface FieldProps {
  label?: ReactNode;
  /** Shown under the field while it shows no error. */
  description?: ReactNode;
  /** An external error (e.g. from the server), shown in preference to the rules' message. */
  error?: ReactNode;
  /** The rules string, e.g. `required|email:multiple|max:50` (see rules.ts). */
  rules?: string | undefined;
  /** Rules of this field beyond the built-in ones (or replacing one of them). */
  customRules?: RuleSet | undefined;
  readOnly?: boolean | undefined;
  disabled?: boolean | undefined;
}

export interface FieldRulesOptions {
  value: unknown;
  rules?: string | undefined;
  customRules?: RuleSet | undefined;
  description?: ReactNode;
  error?: ReactNode;
}

export interface FieldRules {
  /** Call on input and on blur: validation runs from then on. */
  touch: () => void;
  touched: boolean;
  /** The first failing rule (null while untouched or valid). */
  failure: RuleFailure | null;
  /** What shows as the field's error: the external error, else the failing rule's message. */
  error: ReactNode;
  /** The description while no error shows. */
  description: ReactNode;
  /** Ready to spread on a Mantine input (or `Input.Wrapper`). */
  wrapperProps: {
    error: ReactNode;
    description: ReactNode;
    inputWrapperOrder: typeof FIELD_WRAPPER_ORDER;
  };
}

export function useFieldRules({
  value,
  rules,
  customRules,
  description,
  error,
}: FieldRulesOptions): FieldRules {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  const [rulesOfTouch, setRulesOfTouch] = useState(rules);
  // A new rules string resets validation (the documented "adjust state on a prop change" pattern).
  if (rulesOfTouch !== rules) {
    setRulesOfTouch(rules);
    setTouched(false);
  }
  const active = touched && rulesOfTouch === rules;

  const parsed = useMemo(() => parseRules(rules, customRules), [rules, customRules]);
  const failure = useMemo(
    () => (active ? validateValue(value, parsed, customRules) : null),
    [active, value, parsed, customRules],
  );

  let shownError: ReactNode = error;
  if (!shownError && failure) {
    const { message } = failure;
    shownError = typeof message === 'string' ? message : t(message.key, message.values);
  }
  const shownDescription = shownError ? undefined : description;

  return {
    touch: () => setTouched(true),
    touched: active,
    failure,
    error: shownError,
    description: shownDescription,
    wrapperProps: {
      error: shownError,
      description: shownDescription,
      inputWrapperOrder: FIELD_WRAPPER_ORDER,
    },
  };
}
