/**
 * The last-rounds search: casinos, integrations and games by name, a player id, the status (open unless
 * chosen otherwise, or all) and "older than N days", applied with "Search".
 */
import { Group, Select, SimpleGrid } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoundStatusOptions } from '../../../components/game-round-table';
import { NumberInput } from '../../../components/inputs/number-input';
import { DimensionIdsInputs } from '../../../components/record-ids-input';
import { SearchButtons, SearchForm, SearchTextInput, useSearchValues } from '../../../components/search-form';
import {
  ALL_STATUSES,
  DEFAULT_STATUS,
  OLDER_THAN_MAX_DAYS,
  type LastRoundsSearch,
} from '../api/last-rounds-params';

const emptySearch: LastRoundsSearch = {
  casinoIds: [],
  integrationIds: [],
  gameIds: [],
  status: DEFAULT_STATUS,
};

const validAge = (days: number | undefined) =>
  days === undefined || (Number.isInteger(days) && days >= 1 && days <= OLDER_THAN_MAX_DAYS);

/** `search` is the search applied last (from the URL): the form starts from it. */
export function LastRoundsSearchForm(props: {
  search: LastRoundsSearch;
  onSearch: (search: LastRoundsSearch) => void;
}) {
  const { search, onSearch } = props;
  const { t } = useTranslation();
  const statuses = [
    { value: ALL_STATUSES, label: t('support.lastRounds.allStatuses') },
    ...useRoundStatusOptions(),
  ];
  const { values, set, setValues } = useSearchValues(search);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (validAge(values.olderThanDays))
      onSearch({ ...values, playerId: values.playerId?.trim() || undefined });
  }

  return (
    <SearchForm label={t('support.lastRounds.searchTitle')} onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="sm">
        <Select
          label={t('gameRounds.fields.status')}
          data={statuses}
          allowDeselect={false}
          value={values.status}
          onChange={(status) => status && set({ status: status as LastRoundsSearch['status'] })}
        />
        <NumberInput
          label={t('support.lastRounds.olderThan')}
          description={t('support.lastRounds.olderThanHint')}
          rules={`integer|minValue:1|maxValue:${OLDER_THAN_MAX_DAYS}`}
          inputMode="numeric"
          value={values.olderThanDays ?? null}
          onChange={(days) => set({ olderThanDays: days ?? undefined })}
        />
        <SearchTextInput
          label={t('gameRounds.fields.playerId')}
          value={values.playerId}
          onChange={(playerId) => set({ playerId })}
        />
      </SimpleGrid>
      <Group align="flex-start" mb="md" grow>
        <DimensionIdsInputs value={values} onChange={set} />
      </Group>
      <SearchButtons
        onReset={() => {
          setValues(emptySearch);
          onSearch(emptySearch);
        }}
      />
    </SearchForm>
  );
}
