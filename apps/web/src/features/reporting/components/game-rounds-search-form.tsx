/** The game round search: ids, casinos, games, status and a start range, applied with "Search". */
import type { RoundStatus } from '@backoffice/contracts';
import { Button, Group, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoundStatusOptions } from '../../../components/game-round-table';
import { DateTimeInput } from '../../../components/inputs/date-time-input';
import type { GameRoundFilters } from '../../../lib/game-round-search';
import { RecordIdsInput } from '../../../components/record-ids-input';

export const emptyFilters: GameRoundFilters = { casinoIds: [], integrationIds: [], gameIds: [] };

const ID_MAX = 100;

interface GameRoundsSearchFormProps {
  /** The search applied last (from the URL); the form starts from it. */
  filters: GameRoundFilters;
  onSearch: (filters: GameRoundFilters) => void;
}

const trimmed = (text: string | undefined) => text?.trim() || undefined;

export function GameRoundsSearchForm({ filters, onSearch }: GameRoundsSearchFormProps) {
  const { t } = useTranslation();
  const statusOptions = useRoundStatusOptions();
  const [values, setValues] = useState<GameRoundFilters>(filters);
  const [applied, setApplied] = useState(filters);
  // Another search arrives from outside (back button, a link): the form shows it.
  if (applied !== filters) {
    setApplied(filters);
    setValues(filters);
  }
  const set = (patch: Partial<GameRoundFilters>) => setValues((current) => ({ ...current, ...patch }));
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
    <Paper
      withBorder
      p="md"
      mb="md"
      component="form"
      onSubmit={submit}
      aria-label={t('gameRounds.search.title')}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="sm">
        <TextInput
          label={t('gameRounds.fields.roundId')}
          maxLength={ID_MAX}
          value={values.roundId ?? ''}
          onChange={(event) => set({ roundId: event.currentTarget.value })}
        />
        <TextInput
          label={t('gameRounds.fields.providerRoundId')}
          maxLength={ID_MAX}
          value={values.providerRoundId ?? ''}
          onChange={(event) => set({ providerRoundId: event.currentTarget.value })}
        />
        <TextInput
          label={t('gameRounds.fields.playerId')}
          maxLength={ID_MAX}
          value={values.playerId ?? ''}
          onChange={(event) => set({ playerId: event.currentTarget.value })}
        />
      </SimpleGrid>
      <Group align="flex-start" mb="sm">
        <RecordIdsInput
          kind="casinos"
          label={t('gameRounds.fields.casinos')}
          value={values.casinoIds}
          onChange={(casinoIds) => set({ casinoIds })}
          w={280}
        />
        <RecordIdsInput
          kind="integrations"
          label={t('gameRounds.fields.integrations')}
          value={values.integrationIds ?? []}
          onChange={(integrationIds) => set({ integrationIds })}
          w={280}
        />
        <RecordIdsInput
          kind="games"
          label={t('gameRounds.fields.games')}
          value={values.gameIds}
          onChange={(gameIds) => set({ gameIds })}
          w={280}
        />
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
      <Group>
        <Button type="submit">{t('common.search')}</Button>
        <Button
          variant="default"
          onClick={() => {
            setValues(emptyFilters);
            onSearch(emptyFilters);
          }}
        >
          {t('gameRounds.search.reset')}
        </Button>
      </Group>
    </Paper>
  );
}
