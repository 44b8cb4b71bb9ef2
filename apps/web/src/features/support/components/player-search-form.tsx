/**
 * The player search: a casino (by name), a player id, and part of the nickname — or of the e-mail or
 * name for roles that see personal data —, applied with "Search".
 */
import { seesPersonalData } from '@backoffice/contracts';
import { Button, Group, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { useCasinoChoices } from '../api/players-api';
import { searchQueryOf, type PlayerSearchValues } from '../api/player-params';

const TEXT_MAX = 100;
const TEXT_MIN = 2;

interface PlayerSearchFormProps {
  /** The search applied last (from the URL); the form starts from it. */
  values: PlayerSearchValues;
  onSearch: (values: PlayerSearchValues) => void;
}

const trimmed = (text: string | undefined) => text?.trim() || undefined;

function CasinoSelect({ value, onChange }: { value: string | undefined; onChange: (id?: string) => void }) {
  const { t } = useTranslation();
  const { data, isError, isPending } = useCasinoChoices();
  const label = t('support.fields.casinoId');
  if (isError) {
    return (
      <TextInput
        label={label}
        maxLength={TEXT_MAX}
        value={value ?? ''}
        onChange={(event) => onChange(event.currentTarget.value || undefined)}
      />
    );
  }
  const known = (data ?? []).map(({ id, name }) => ({
    value: id,
    label: name === null ? id : `${name} (${id})`,
  }));
  // A casino from a link that the list does not hold stays visible.
  const options =
    value && !known.some((option) => option.value === value) ? [{ value, label: value }, ...known] : known;
  return (
    <Select
      label={label}
      placeholder={t('support.search.anyCasino')}
      searchable
      clearable
      data={options}
      value={value ?? null}
      onChange={(id) => onChange(id ?? undefined)}
      nothingFoundMessage={isPending ? t('common.loading') : t('common.noEntries')}
    />
  );
}

export function PlayerSearchForm({ values: applied, onSearch }: PlayerSearchFormProps) {
  const { t } = useTranslation();
  const personal = seesPersonalData(useSession().user.role);
  const [values, setValues] = useState(applied);
  const [shown, setShown] = useState(applied);
  const [tried, setTried] = useState(false);
  // Another search arrives from outside (back button, a link): the form shows it.
  if (shown !== applied) {
    setShown(applied);
    setValues(applied);
  }
  const set = (patch: Partial<PlayerSearchValues>) => setValues((current) => ({ ...current, ...patch }));
  const next = { casinoId: values.casinoId, playerId: trimmed(values.playerId), q: trimmed(values.q) };
  const textTooShort = next.q !== undefined && next.q.length < TEXT_MIN;
  const nothingToSearch = next.playerId === undefined && next.q === undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (searchQueryOf(next) === null) return;
    onSearch(next);
  }

  return (
    <Paper
      withBorder
      p="md"
      mb="md"
      component="form"
      onSubmit={submit}
      aria-label={t('support.search.title')}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
        <CasinoSelect value={values.casinoId} onChange={(casinoId) => set({ casinoId })} />
        <TextInput
          label={t('support.fields.playerId')}
          maxLength={TEXT_MAX}
          value={values.playerId ?? ''}
          onChange={(event) => set({ playerId: event.currentTarget.value })}
        />
        <TextInput
          label={personal ? t('support.search.textPersonal') : t('support.search.text')}
          maxLength={TEXT_MAX}
          value={values.q ?? ''}
          error={
            tried && textTooShort
              ? t('support.search.textTooShort', { count: TEXT_MIN })
              : tried && nothingToSearch
                ? t('support.search.nothingToSearch')
                : undefined
          }
          onChange={(event) => set({ q: event.currentTarget.value })}
        />
      </SimpleGrid>
      <Group>
        <Button type="submit">{t('common.search')}</Button>
      </Group>
    </Paper>
  );
}
