/**
 * One casino, integration or game, chosen by name from the reader's own (the report dimensions). A chosen
 * id the list does not hold (e.g. from a link) stays visible; should the list not load, the id can be typed.
 */
import { Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dimensionOption, useReportDimensions, type DimensionKind } from '../lib/dimensions';

const ID_MAX = 100;

interface DimensionSelectProps {
  kind: DimensionKind;
  label: string;
  /** Shown while nothing is chosen (e.g. "All casinos"). */
  placeholder?: string | undefined;
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}

export function DimensionSelect({ kind, label, placeholder, value, onChange }: DimensionSelectProps) {
  const { t } = useTranslation();
  const { data, isError, isPending } = useReportDimensions();
  if (isError) {
    return (
      <TextInput
        label={label}
        maxLength={ID_MAX}
        value={value ?? ''}
        onChange={(event) => onChange(event.currentTarget.value || undefined)}
      />
    );
  }
  const known = data?.[kind].map(dimensionOption) ?? [];
  const options =
    value && !known.some((option) => option.value === value) ? [{ value, label: value }, ...known] : known;
  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      data={options}
      value={value ?? null}
      onChange={(id) => onChange(id ?? undefined)}
      nothingFoundMessage={isPending ? t('common.loading') : t('common.noEntries')}
    />
  );
}
