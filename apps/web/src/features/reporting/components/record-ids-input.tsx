/**
 * Casinos, integrations or games to filter a report by: chosen from their lists for those who may see
 * them (the server lists only the reader's), typed as ids by everyone else.
 */
import { TagsInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RecordMultiSelect } from '../../../components/record-multi-select';
import { useCan } from '../../../lib/session';
import {
  casinoOption,
  gameOption,
  integrationOption,
  useCasinoSearch,
  useGameSearch,
  useIntegrationSearch,
} from '../api/lookups';

interface RecordIdsInputProps {
  kind: 'casinos' | 'integrations' | 'games';
  label: string;
  value: string[];
  onChange: (ids: string[]) => void;
  w?: number;
}

export function RecordIdsInput({ kind, label, value, onChange, w }: RecordIdsInputProps) {
  const { t } = useTranslation();
  const can = useCan();
  const common = { label, value, onChange, w, clearable: true };
  if (!can('viewGameConfigurations')) {
    return <TagsInput {...common} placeholder={t('reports.filters.typeIds')} splitChars={[',', ' ']} />;
  }
  const placeholder = value.length === 0 ? t('reports.filters.all') : undefined;
  if (kind === 'casinos') {
    return (
      <RecordMultiSelect
        {...common}
        placeholder={placeholder}
        useSearch={useCasinoSearch}
        toOption={casinoOption}
      />
    );
  }
  if (kind === 'integrations') {
    return (
      <RecordMultiSelect
        {...common}
        placeholder={placeholder}
        useSearch={useIntegrationSearch}
        toOption={integrationOption}
      />
    );
  }
  return (
    <RecordMultiSelect
      {...common}
      placeholder={placeholder}
      useSearch={useGameSearch}
      toOption={gameOption}
    />
  );
}
