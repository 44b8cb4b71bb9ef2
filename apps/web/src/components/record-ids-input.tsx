/**
 * Casinos, integrations or games to filter by, chosen by name from the reader's own (the report
 * dimensions) and searched in the browser. A chosen id the list does not hold (e.g. from a link) stays
 * visible so it can be removed; should the list not load, ids can be typed instead.
 */
import { MultiSelect, TagsInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dimensionOption, useReportDimensions, type DimensionKind } from '../lib/dimensions';

interface RecordIdsInputProps {
  kind: DimensionKind;
  label: string;
  value: string[];
  onChange: (ids: string[]) => void;
  w?: number;
}

/** Options rendered at once; searching reaches all of them. */
const SHOWN_OPTIONS = 100;

export function RecordIdsInput({ kind, label, value, onChange, w }: RecordIdsInputProps) {
  const { t } = useTranslation();
  const { data, isError, isPending } = useReportDimensions();
  const common = { label, value, onChange, w, clearable: true };
  if (isError) {
    return <TagsInput {...common} placeholder={t('inputs.recordIds.typeIds')} splitChars={[',', ' ']} />;
  }
  const known = data?.[kind].map(dimensionOption) ?? [];
  const ids = new Set(known.map((option) => option.value));
  const options = [...value.filter((id) => !ids.has(id)).map((id) => ({ value: id, label: id })), ...known];
  return (
    <MultiSelect
      {...common}
      searchable
      data={options}
      limit={SHOWN_OPTIONS}
      placeholder={value.length === 0 ? t('inputs.recordIds.all') : undefined}
      nothingFoundMessage={isPending ? t('common.loading') : t('common.noEntries')}
    />
  );
}

/** What a round search filters by among the dimensions. */
export interface DimensionIds {
  casinoIds: string[];
  integrationIds: string[];
  gameIds: string[];
}

const idsOf = { casinos: 'casinoIds', integrations: 'integrationIds', games: 'gameIds' } as const;

/** Casinos, integrations and games to search rounds of, each chosen by name. */
export function DimensionIdsInputs({
  value,
  onChange,
  w,
}: {
  value: DimensionIds;
  onChange: (patch: Partial<DimensionIds>) => void;
  w?: number;
}) {
  const { t } = useTranslation();
  return (Object.keys(idsOf) as (keyof typeof idsOf)[]).map((kind) => (
    <RecordIdsInput
      key={kind}
      kind={kind}
      label={t(`gameRounds.fields.${kind}`)}
      value={value[idsOf[kind]]}
      onChange={(ids) => onChange({ [idsOf[kind]]: ids })}
      w={w}
    />
  ));
}
