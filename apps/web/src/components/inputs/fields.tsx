/**
 * Mantine's plain inputs as form fields that show their value as text inside a read-only record (see
 * read-only.tsx); elsewhere they are exactly the Mantine input they wrap.
 */
import {
  Checkbox,
  MultiSelect,
  PasswordInput,
  Select,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
  type CheckboxProps,
  type ComboboxData,
  type MultiSelectProps,
  type PasswordInputProps,
  type SelectProps,
  type SwitchProps,
  type TagsInputProps,
  type TextareaProps,
  type TextInputProps,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReadOnlyValue, useReadOnly } from './read-only';

/** The label of an option's value in a Select's data (the value itself when it is not among them). */
export function optionLabel(data: ComboboxData | undefined, value: string): string {
  for (const entry of data ?? []) {
    const items = typeof entry === 'object' && 'group' in entry ? entry.items : [entry];
    for (const item of items) {
      if (typeof item === 'string' ? item === value : item.value === value) {
        if (typeof item === 'string') return item;
        return 'label' in item && typeof item.label === 'string' ? item.label : item.value;
      }
    }
  }
  return value;
}

const asText = (value: unknown): string =>
  value === null || value === undefined ? '' : String(value as string | number);

export function TextField(props: TextInputProps) {
  if (useReadOnly()) return <ReadOnlyValue label={props.label} value={asText(props.value)} />;
  return <TextInput {...props} />;
}

export function TextareaField(props: TextareaProps) {
  if (useReadOnly()) return <ReadOnlyValue label={props.label} value={asText(props.value)} />;
  return <Textarea {...props} />;
}

/**
 * A secret is never shown: read-only, the field only says whether one is set. Unlike Mantine's other
 * inputs, PasswordInput does not mark its input `aria-invalid` on an error, so this one does: screen
 * readers (and tests) learn that the field is invalid.
 */
export function PasswordField(props: PasswordInputProps) {
  if (useReadOnly()) return <ReadOnlyValue label={props.label} value={props.value ? '••••••••' : ''} />;
  return <PasswordInput aria-invalid={props.error ? true : undefined} {...props} />;
}

export function SelectField(props: SelectProps) {
  if (useReadOnly()) {
    const value = props.value ?? '';
    return <ReadOnlyValue label={props.label} value={value && optionLabel(props.data, value)} />;
  }
  return <Select {...props} />;
}

export function MultiSelectField(props: MultiSelectProps) {
  if (useReadOnly()) {
    const labels = (props.value ?? []).map((value) => optionLabel(props.data, value));
    return <ReadOnlyValue label={props.label} value={labels.join(', ')} />;
  }
  return <MultiSelect {...props} />;
}

export function TagsField(props: TagsInputProps) {
  if (useReadOnly()) return <ReadOnlyValue label={props.label} value={(props.value ?? []).join(', ')} />;
  return <TagsInput {...props} />;
}

function YesNo({ label, checked }: { label: SwitchProps['label']; checked: boolean | undefined }) {
  const { t } = useTranslation();
  return <ReadOnlyValue label={label} value={t(checked ? 'common.yes' : 'common.no')} />;
}

export function SwitchField(props: SwitchProps) {
  if (useReadOnly()) return <YesNo label={props.label} checked={props.checked} />;
  return <Switch {...props} />;
}

export function CheckboxField(props: CheckboxProps) {
  if (useReadOnly()) return <YesNo label={props.label} checked={props.checked} />;
  return <Checkbox {...props} />;
}
