/**
 * A searchable select of records the server searches (`q`): the options are the first page of matches;
 * a selected record that page does not hold (e.g. an id from the URL) is loaded for its label.
 */
import type { Page } from '@backoffice/contracts';
import type { ComboboxItem, SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from './inputs/fields';

export interface RecordSelectProps<Item> extends Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'
> {
  value: string | null;
  onChange: (value: string | null) => void;
  /** The records matching a search (undefined: no search). */
  useSearch: (q: string | undefined) => UseQueryResult<Page<Item>>;
  /** The selected record (for its label when the matches do not hold it); loaded only when enabled. */
  useRecord: (id: string | null, enabled: boolean) => UseQueryResult<Item>;
  toOption: (item: Item) => ComboboxItem;
}

const SEARCH_DELAY_MS = 250;

export function RecordSelect<Item>({
  value,
  onChange,
  useSearch,
  useRecord,
  toOption,
  onDropdownOpen,
  onDropdownClose,
  ...others
}: RecordSelectProps<Item>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search, SEARCH_DELAY_MS);
  const selected = useRecord(value, value !== null);
  const selectedOption =
    value === null ? undefined : selected.data ? toOption(selected.data) : { value, label: value };
  // Only what the user types into the open dropdown searches: the closed box shows the selected label.
  const typed = debounced.trim();
  const q = opened && typed && debounced !== selectedOption?.label ? typed : undefined;
  const { data, isFetching } = useSearch(q);
  const options = data?.items.map(toOption) ?? [];
  if (selectedOption && !options.some((option) => option.value === selectedOption.value)) {
    options.unshift(selectedOption);
  }

  return (
    <SelectField
      {...others}
      searchable
      data={options}
      value={value}
      onChange={(next) => onChange(next)}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => {
        setOpened(true);
        onDropdownOpen?.();
      }}
      onDropdownClose={() => {
        setOpened(false);
        onDropdownClose?.();
      }}
      // The server has filtered already (it also matches what the label does not show).
      filter={({ options: all }) => all}
      nothingFoundMessage={isFetching ? t('common.loading') : t('common.noEntries')}
    />
  );
}
