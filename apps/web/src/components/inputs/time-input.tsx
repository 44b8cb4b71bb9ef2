/**
 * A time of day (spec §5). Takes `H:mm` or `HH:mm` (and `:ss` with `withSeconds`). Value: the ISO time
 * `HH:mm` (`HH:mm:ss` with `withSeconds`), or `null` when the text is empty or not a valid time. On blur
 * a valid text shows in the canonical form (`9:05` → `09:05`).
 */
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import type { PassThroughTextInputProps } from './number-input';
import { useFieldRules, type FieldProps } from './use-field-rules';

export interface TimeInputProps extends PassThroughTextInputProps, FieldProps {
  value: string | null;
  onChange: (value: string | null) => void;
  /** Whether the time has seconds (`HH:mm:ss`); default false. */
  withSeconds?: boolean;
}

const TIME_TEXT = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const pad2 = (number: number) => String(number).padStart(2, '0');

/** The ISO time of a text, or `null` (empty or invalid). Seconds are accepted only `withSeconds`. */
export function parseTime(text: string, withSeconds = false): string | null {
  const match = TIME_TEXT.exec(text.trim());
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  const seconds = match[3] === undefined ? 0 : Number(match[3]);
  if (match[3] !== undefined && !withSeconds) return null;
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const time = `${pad2(hours)}:${pad2(minutes)}`;
  return withSeconds ? `${time}:${pad2(seconds)}` : time;
}

export function TimeInput({
  value,
  onChange,
  withSeconds = false,
  rules,
  customRules,
  description,
  error,
  onBlur,
  ...others
}: TimeInputProps) {
  const [text, setText] = useState(value ?? '');
  const field = useFieldRules({ value, rules, customRules, description, error });
  const shown = parseTime(text, withSeconds) === value ? text : (value ?? '');

  return (
    <TextInput
      autoComplete="off"
      placeholder={withSeconds ? 'hh:mm:ss' : 'hh:mm'}
      {...others}
      {...field.wrapperProps}
      value={shown}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        field.touch();
        onChange(parseTime(next, withSeconds));
      }}
      onBlur={(event) => {
        const parsed = parseTime(shown, withSeconds);
        if (parsed !== null) setText(parsed);
        field.touch();
        onBlur?.(event);
      }}
    />
  );
}
