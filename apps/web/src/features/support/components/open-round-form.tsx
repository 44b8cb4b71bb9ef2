/**
 * Opens one round by its id (spec §5: "Enter the game round id." when empty), optionally in one casino —
 * without it, the round screen finds the casinos that have a round of that id.
 */
import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DimensionSelect } from '../../../components/dimension-select';
import { SearchForm } from '../../../components/search-form';
import { roundLink } from '../api/round-links';

const ID_MAX = 100;

export function OpenRoundForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [roundId, setRoundId] = useState('');
  const [casinoId, setCasinoId] = useState<string | undefined>();
  const [tried, setTried] = useState(false);
  const id = roundId.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (id === '') return;
    void navigate(roundLink({ roundId: id, casinoId }));
  }

  return (
    <SearchForm label={t('support.openRound.title')} onSubmit={submit}>
      <Group align="flex-start">
        <TextInput
          label={t('gameRounds.fields.roundId')}
          required
          maxLength={ID_MAX}
          w={280}
          value={roundId}
          error={tried && id === '' ? t('errors.ROUND_ID_REQUIRED') : undefined}
          onChange={(event) => setRoundId(event.currentTarget.value)}
        />
        <DimensionSelect
          kind="casinos"
          label={t('support.openRound.casino')}
          placeholder={t('support.openRound.anyCasino')}
          value={casinoId}
          onChange={setCasinoId}
        />
        <Button type="submit" mt={25}>
          {t('support.openRound.open')}
        </Button>
      </Group>
    </SearchForm>
  );
}
