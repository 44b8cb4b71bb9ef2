/** The game round search: ids, casinos, games, status and a start range, applied with "Search". */
import type { RoundStatus } from '@backoffice/contracts';
import { Group, Select, SimpleGrid } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoundStatusOptions } from '../../../components/game-round-table';
import { DateTimeInput } from '../../../components/inputs/date-time-input';
import type { GameRoundFilters } from '../../../lib/game-round-search';
import { DimensionIdsInputs } from '../../../components/record-ids-input';
import { SearchButtons, SearchForm, SearchTextInput, useSearchValues } from '../../../components/search-form';

export const emptyFilters: GameRoundFilters = { casinoIds: [], integrationIds: [], gameIds: [] };

interface GameRoundsSearchFormProps {
  /** The search applied last (from the URL); the form starts from it. */
  filters: GameRoundFilters;
  onSearch: (filters: GameRoundFilters) => void;
}

const trimmed = (text: string | undefined) => text?.trim() || undefined;

export function GameRoundsSearchForm({ filters, onSearch }: GameRoundsSearchFormProps) {
  const { t } = useTranslation();
  const statusOptions = useRoundStatusOptions();
  const { values, set, setValues } = useSearchValues(filters);
  const toBeforeFrom =
    values.from !== undefined && values.to !== undefined && Date.parse(values.to) < Date.parse(values.from);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (toBeforeFrom) return;
    onSearch({
      ...values,
      roundId: trimmed(values.roundId),
      providerRoundId: trimmed(values.providerRoundId),
      playerId: trimmed(values.playerId),
    });
  }

  return (
    <SearchForm label={t('gameRounds.search.title')} onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="sm">
        <SearchTextInput
          label={t('gameRounds.fields.roundId')}
          value={values.roundId}
          onChange={(roundId) => set({ roundId })}
        />
        <SearchTextInput
          label={t('gameRounds.fields.providerRoundId')}
          value={values.providerRoundId}
          onChange={(providerRoundId) => set({ providerRoundId })}
        />
        <SearchTextInput
          label={t('gameRounds.fields.playerId')}
          value={values.playerId}
          onChange={(playerId) => set({ playerId })}
        />
      </SimpleGrid>
      <Group align="flex-start" mb="sm">
        <DimensionIdsInputs value={values} onChange={set} w={280} />
        <Select
          label={t('gameRounds.fields.status')}
          placeholder={t('gameRounds.search.anyStatus')}
          w={200}
          clearable
          data={statusOptions}
          value={values.status ?? null}
          onChange={(status) => set({ status: (status as RoundStatus | null) ?? undefined })}
        />
      </Group>
      <Group align="flex-start" mb="md">
        <DateTimeInput
          label={t('gameRounds.search.from')}
          value={values.from ?? null}
          onChange={(from) => set({ from: from ?? undefined })}
        />
        <DateTimeInput
          label={t('gameRounds.search.to')}
          atEndOfMinute
          value={values.to ?? null}
          error={toBeforeFrom ? t('gameRounds.search.toBeforeFrom') : undefined}
          onChange={(to) => set({ to: to ?? undefined })}
        />
      </Group>
      <SearchButtons
        onReset={() => {
          setValues(emptyFilters);
          onSearch(emptyFilters);
        }}
      />
    </SearchForm>
  );
}
