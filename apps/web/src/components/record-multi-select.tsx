/**
 * A searchable multi-select of records the server searches (`q`): the options are the first page of
 * matches plus the chosen ones (an id the server no longer knows stays visible, so it can be removed).
 */
import type { Page } from '@backoffice/contracts';
import { MultiSelect, type ComboboxItem, type MultiSelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface RecordMultiSelectProps<Item> extends Omit<
  MultiSelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'
> {
  value: string[];
  onChange: (value: string[]) => void;
  /** The records matching a search (undefined: the first page). */
  useSearch: (q: string | undefined) => UseQueryResult<Page<Item>>;
  toOption: (item: Item) => ComboboxItem;
}

const SEARCH_DELAY_MS = 250;

export function RecordMultiSelect<Item>({
  value,
  onChange,
  useSearch,
  toOption,
  ...others
}: RecordMultiSelectProps<Item>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DELAY_MS);
  const { data, isFetching } = useSearch(debounced.trim() || undefined);
  // Labels of chosen records, remembered once seen, so they stay readable while other matches show.
  const [labels, setLabels] = useState<Record<string, string>>({});
  const matches = data?.items.map(toOption) ?? [];
  const unseen = matches.filter((option) => labels[option.value] !== option.label);
  if (unseen.length > 0) {
    setLabels((known) => ({ ...known, ...Object.fromEntries(unseen.map((o) => [o.value, o.label])) }));
  }
  const options = [
    ...value
      .filter((id) => !matches.some((option) => option.value === id))
      .map((id) => ({ value: id, label: labels[id] ?? id })),
    ...matches,
  ];

  return (
    <MultiSelect
      {...others}
      searchable
      data={options}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered already (it also matches what the label does not show).
      filter={({ options: all }) => all}
      nothingFoundMessage={isFetching ? t('common.loading') : t('common.noEntries')}
    />
  );
}
