/**
 * The player search: a casino (by name), a player id, and part of the nickname — or of the e-mail or
 * name for roles that see personal data —, applied with "Search".
 */
import { seesPersonalData } from '@backoffice/contracts';
import { Button, Group, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { DimensionSelect } from '../../../components/dimension-select';
import { searchQueryOf, type PlayerSearchValues } from '../api/player-params';

const TEXT_MAX = 100;
const TEXT_MIN = 2;

interface PlayerSearchFormProps {
  /** The search applied last (from the URL); the form starts from it. */
  values: PlayerSearchValues;
  onSearch: (values: PlayerSearchValues) => void;
}

const trimmed = (text: string | undefined) => text?.trim() || undefined;

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
        <DimensionSelect
          kind="casinos"
          label={t('support.fields.casinoId')}
          placeholder={t('support.search.anyCasino')}
          value={values.casinoId}
          onChange={(casinoId) => set({ casinoId })}
        />
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
