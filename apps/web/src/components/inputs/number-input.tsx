/**
 * A number field (spec §5): emits the number typed, or `null` when the text is empty or not a number.
 * The dot is the decimal separator (see DecimalInput for a comma). The typed text stays as it is while
 * it means the current value; a value set from outside replaces it.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { useFieldRules, type FieldProps } from './use-field-rules';
import { ReadOnlyValue, useReadOnly } from './read-only';

/** The Mantine TextInput props an input of this folder passes through. */
export type PassThroughTextInputProps = Omit<
  TextInputProps,
  'value' | 'defaultValue' | 'onChange' | 'error' | 'description' | 'label' | 'inputWrapperOrder'
>;

export interface NumberInputProps extends PassThroughTextInputProps, FieldProps {
  value: number | null;
  onChange: (value: number | null) => void;
}

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** The number a text means, or `null` (empty or not a number). */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!NUMBER_TEXT.test(trimmed)) return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : null;
}

export function formatNumber(value: number | null): string {
  return value === null ? '' : String(value);
}

/** Inside a read-only record: the value as text (see read-only.tsx). */
export function NumberInput(props: NumberInputProps) {
  if (useReadOnly()) return <ReadOnlyValue label={props.label} value={formatNumber(props.value)} />;
  return <EditableNumberInput {...props} />;
}

function EditableNumberInput({
  value,
  onChange,
  rules,
  customRules,
  description,
  error,
  onBlur,
  ...others
}: NumberInputProps) {
  const [text, setText] = useState(() => formatNumber(value));
  const field = useFieldRules({ value, rules, customRules, description, error });
  const shown = parseNumber(text) === value ? text : formatNumber(value);

  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...others}
      {...field.wrapperProps}
      value={shown}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        field.touch();
        onChange(parseNumber(next));
      }}
      onBlur={(event) => {
        field.touch();
        onBlur?.(event);
      }}
    />
  );
}
