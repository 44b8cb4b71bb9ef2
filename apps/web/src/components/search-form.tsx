/** The frame of a search form above a list: a bordered form named by its title, and its Search/Reset buttons. */
import { Button, Group, Paper, TextInput } from '@mantine/core';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface SearchFormProps {
  /** The form's accessible name. */
  label: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}

/** Validation is the screen's own (its messages in the user's language), not the browser's. */
export function SearchForm({ label, onSubmit, children }: SearchFormProps) {
  return (
    <Paper withBorder p="md" mb="md" component="form" noValidate onSubmit={onSubmit} aria-label={label}>
      {children}
    </Paper>
  );
}

/** "Search" (submits the form), and "Reset" when the search can go back to its start. */
export function SearchButtons({ onReset }: { onReset?: () => void }) {
  const { t } = useTranslation();
  return (
    <Group>
      <Button type="submit">{t('common.search')}</Button>
      {onReset && (
        <Button variant="default" onClick={onReset}>
          {t('common.reset')}
        </Button>
      )}
    </Group>
  );
}

/**
 * What a search form holds: it starts from the search applied last (from the URL) and shows another one
 * that arrives from outside (back button, a link). `set` changes some fields.
 */
export function useSearchValues<Values extends object>(applied: Values) {
  const [values, setValues] = useState(applied);
  const [shown, setShown] = useState(applied);
  if (shown !== applied) {
    setShown(applied);
    setValues(applied);
  }
  const set = useCallback((patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch })), []);
  return { values, set, setValues };
}

/** A text to search by (an id, a name): empty means not searched by. */
export function SearchTextInput({
  label,
  value,
  onChange,
  maxLength = 100,
  error,
}: {
  label: string;
  value: string | undefined;
  onChange: (text: string) => void;
  maxLength?: number;
  error?: string | undefined;
}) {
  return (
    <TextInput
      label={label}
      maxLength={maxLength}
      value={value ?? ''}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
