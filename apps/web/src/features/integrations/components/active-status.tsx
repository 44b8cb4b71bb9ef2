/** Active or not: the badge of a row or record, and the list filter kept in the URL. */
import { Badge, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light">
      {active ? t('integrations.status.active') : t('integrations.status.inactive')}
    </Badge>
  );
}

/** The filter's value for "no filter" (never in the URL). */
const ALL = 'all';

export function ActiveFilter({
  value,
  onChange,
}: {
  value: 'true' | 'false' | undefined;
  onChange: (value: 'true' | 'false' | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('integrations.status.label')}
      // "All" is an option of its own, so the filter can be lifted by keyboard and screen reader too.
      data={[
        { value: ALL, label: t('integrations.status.all') },
        { value: 'true', label: t('integrations.status.active') },
        { value: 'false', label: t('integrations.status.inactive') },
      ]}
      value={value ?? ALL}
      onChange={(next) => onChange(next === 'true' || next === 'false' ? next : undefined)}
      allowDeselect={false}
      w={{ base: '100%', sm: 180 }}
    />
  );
}
