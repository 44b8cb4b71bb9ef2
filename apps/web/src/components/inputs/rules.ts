/**
 * The rules string of a form field (spec §5) — parsing and evaluation, free of React.
 *
 * Syntax: rules separated by `|`, each `name` or `name:arg`, e.g. `required|email:multiple|min:3|max:50`.
 * Blanks around names and arguments are ignored, empty segments are skipped. An unknown rule name or an
 * argument a rule does not accept throws a {@link RulesSyntaxError} (a programming mistake, not user input).
 *
 * Built-in rules:
 * - `required` — `null`, `undefined`, empty arrays and blank (whitespace-only) strings are missing; `false`
 *   is allowed. `required:notFalse` also rejects `false` (a checkbox that must be ticked).
 * - `email` — one e-mail address; `email:multiple` — comma-separated addresses, blanks around commas allowed.
 * - `min:n` / `max:n` — at least / at most n characters (items for an array).
 * - `minValue:x` / `maxValue:x` — numeric bounds for a number, a numeric string or a currency value
 *   (`"EUR 12.50"`).
 * - `integer` — a whole number.
 *
 * Every rule but `required` passes an empty value, so `email` alone makes a field optional. Evaluation
 * stops at the first failing rule: later rules are not evaluated. A rule without a message of its own fails
 * with {@link DEFAULT_RULE_MESSAGE_KEY} ("This field is not valid.").
 */

/** One rule of a rules string. */
export interface Rule {
  name: string;
  arg?: string | undefined;
}

/** An i18n key with its values, or a text that is shown as it is (already translated by the caller). */
export type RuleMessage = { key: string; values?: Record<string, string | number> } | string;

export interface RuleDefinition {
  /** Whether the value passes. Called for empty values only when `checksEmpty` is set. */
  test: (value: unknown, arg: string | undefined) => boolean;
  /** The message when the rule fails; without one, the default "not valid" message. */
  message?: RuleMessage | ((arg: string | undefined) => RuleMessage);
  /** Whether the rule also judges empty values (only `required` does among the built-in rules). */
  checksEmpty?: boolean;
  /** Whether the rule accepts this argument (`undefined`: none given). Default: accepts none. */
  acceptsArg?: (arg: string | undefined) => boolean;
}

export type RuleSet = Record<string, RuleDefinition>;

export interface RuleFailure {
  rule: string;
  arg?: string | undefined;
  message: RuleMessage;
}

export const RULE_SEPARATOR = '|';
export const RULE_ARG_SEPARATOR = ':';
/** The message of a failing rule that has no message of its own. */
export const DEFAULT_RULE_MESSAGE_KEY = 'inputs.rules.invalid';
/** The argument of `required` that also rejects `false`. */
export const REQUIRED_NOT_FALSE = 'notFalse';
/** The argument of `email` that allows a comma-separated list. */
export const EMAIL_MULTIPLE = 'multiple';

export class RulesSyntaxError extends Error {
  override name = 'RulesSyntaxError';
}

const EMAIL_PATTERN = /^[^\s@,;]+@[^\s@,;.]+(\.[^\s@,;.]+)+$/;
const NUMBER_PATTERN = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const CURRENCY_VALUE_PATTERN = /^[A-Z]{3} ([+-]?\d+(\.\d+)?)$/;

/** Whether `required` sees the value as missing. */
export function isMissing(value: unknown, options: { allowFalse?: boolean } = {}): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (value === false) return options.allowFalse === false;
  return false;
}

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** Comma-separated addresses, blanks around the commas allowed; no empty entries. */
export function isEmailList(value: string): boolean {
  return value
    .trim()
    .split(/\s*,\s*/)
    .every((part) => isEmail(part));
}

/** A number from a number, a numeric string (dot as separator) or a currency value like `"EUR 12.50"`. */
export function numericValue(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const amount = CURRENCY_VALUE_PATTERN.exec(text)?.[1] ?? text;
  return NUMBER_PATTERN.test(amount) ? Number(amount) : undefined;
}

function lengthOf(value: unknown): number {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  return String(value).length;
}

const isCount = (arg: string | undefined) => arg !== undefined && /^\d+$/.test(arg);
const isNumberArg = (arg: string | undefined) => arg !== undefined && NUMBER_PATTERN.test(arg);
const noArg = (arg: string | undefined) => arg === undefined;

export const BUILT_IN_RULES: RuleSet = {
  required: {
    checksEmpty: true,
    acceptsArg: (arg) => arg === undefined || arg === REQUIRED_NOT_FALSE,
    test: (value, arg) => !isMissing(value, { allowFalse: arg !== REQUIRED_NOT_FALSE }),
    message: { key: 'inputs.rules.required' },
  },
  email: {
    acceptsArg: (arg) => arg === undefined || arg === EMAIL_MULTIPLE,
    test: (value, arg) =>
      typeof value === 'string' && (arg === EMAIL_MULTIPLE ? isEmailList(value) : isEmail(value.trim())),
    message: (arg) => ({ key: arg === EMAIL_MULTIPLE ? 'inputs.rules.emailMultiple' : 'inputs.rules.email' }),
  },
  min: {
    acceptsArg: isCount,
    test: (value, arg) => lengthOf(value) >= Number(arg),
    message: (arg) => ({ key: 'inputs.rules.min', values: { count: Number(arg) } }),
  },
  max: {
    acceptsArg: isCount,
    test: (value, arg) => lengthOf(value) <= Number(arg),
    message: (arg) => ({ key: 'inputs.rules.max', values: { count: Number(arg) } }),
  },
  minValue: {
    acceptsArg: isNumberArg,
    test: (value, arg) => {
      const number = numericValue(value);
      return number !== undefined && number >= Number(arg);
    },
    message: (arg) => ({ key: 'inputs.rules.minValue', values: { min: String(arg) } }),
  },
  maxValue: {
    acceptsArg: isNumberArg,
    test: (value, arg) => {
      const number = numericValue(value);
      return number !== undefined && number <= Number(arg);
    },
    message: (arg) => ({ key: 'inputs.rules.maxValue', values: { max: String(arg) } }),
  },
  integer: {
    acceptsArg: noArg,
    test: (value) => Number.isInteger(numericValue(value)),
    message: { key: 'inputs.rules.integer' },
  },
};

function definitionOf(name: string, custom: RuleSet | undefined): RuleDefinition | undefined {
  if (custom && Object.hasOwn(custom, name)) return custom[name];
  return Object.hasOwn(BUILT_IN_RULES, name) ? BUILT_IN_RULES[name] : undefined;
}

/** Parses a rules string; custom rules come before built-in ones of the same name. */
export function parseRules(rules: string | undefined, custom?: RuleSet): Rule[] {
  if (!rules) return [];
  const parsed: Rule[] = [];
  for (const segment of rules.split(RULE_SEPARATOR)) {
    if (segment.trim() === '') continue;
    const at = segment.indexOf(RULE_ARG_SEPARATOR);
    const name = (at < 0 ? segment : segment.slice(0, at)).trim();
    const arg = at < 0 ? undefined : segment.slice(at + 1).trim();
    const definition = definitionOf(name, custom);
    if (!definition) throw new RulesSyntaxError(`Unknown rule "${name}" in "${rules}".`);
    if (!(definition.acceptsArg ?? noArg)(arg))
      throw new RulesSyntaxError(
        arg === undefined
          ? `Rule "${name}" needs an argument in "${rules}".`
          : `Rule "${name}" does not accept "${arg}" in "${rules}".`,
      );
    parsed.push(arg === undefined ? { name } : { name, arg });
  }
  return parsed;
}

function messageOf(definition: RuleDefinition, arg: string | undefined): RuleMessage {
  const { message } = definition;
  if (message === undefined) return { key: DEFAULT_RULE_MESSAGE_KEY };
  return typeof message === 'function' ? message(arg) : message;
}

/**
 * The first rule the value fails, or `null` when it passes them all. Rules after the first failure are
 * not evaluated.
 */
export function validateValue(value: unknown, rules: string | Rule[], custom?: RuleSet): RuleFailure | null {
  const list = typeof rules === 'string' ? parseRules(rules, custom) : rules;
  for (const { name, arg } of list) {
    const definition = definitionOf(name, custom);
    if (!definition) throw new RulesSyntaxError(`Unknown rule "${name}".`);
    if (!definition.checksEmpty && isMissing(value)) continue;
    if (!definition.test(value, arg)) return { rule: name, arg, message: messageOf(definition, arg) };
  }
  return null;
}
