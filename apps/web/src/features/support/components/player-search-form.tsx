/**
 * The player search: a casino (by name), a player id, and part of the nickname — or of the e-mail or
 * name for roles that see personal data —, applied with "Search".
 */
import { seesPersonalData } from '@backoffice/contracts';
import { SimpleGrid } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { DimensionSelect } from '../../../components/dimension-select';
import { SearchButtons, SearchForm, SearchTextInput, useSearchValues } from '../../../components/search-form';
import { searchQueryOf, type PlayerSearchValues } from '../api/player-params';

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
  const { values, set } = useSearchValues(applied);
  const [tried, setTried] = useState(false);
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
    <SearchForm label={t('support.search.title')} onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
        <DimensionSelect
          kind="casinos"
          label={t('support.fields.casinoId')}
          placeholder={t('support.search.anyCasino')}
          value={values.casinoId}
          onChange={(casinoId) => set({ casinoId })}
        />
        <SearchTextInput
          label={t('support.fields.playerId')}
          value={values.playerId}
          onChange={(playerId) => set({ playerId })}
        />
        <SearchTextInput
          label={personal ? t('support.search.textPersonal') : t('support.search.text')}
          value={values.q}
          error={
            tried && textTooShort
              ? t('support.search.textTooShort', { count: TEXT_MIN })
              : tried && nothingToSearch
                ? t('support.search.nothingToSearch')
                : undefined
          }
          onChange={(q) => set({ q })}
        />
      </SimpleGrid>
      <SearchButtons />
    </SearchForm>
  );
}
