/**
 * Active or not, for any record with a state: the badge of a row or record (green "Active", grey
 * "Inactive") and the list filter, whose "all" never reaches the URL.
 */
import { Badge, Select, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ActiveBadge({ active, ...props }: { active: boolean } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light" {...props}>
      {active ? t('common.status.active') : t('common.status.inactive')}
    </Badge>
  );
}

/** The filter's value for "no filter" (not a state, so never in the URL). */
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
      label={t('common.status.label')}
      // "All" is an option of its own, so the filter can be lifted by keyboard and screen reader too.
      data={[
        { value: ALL, label: t('common.status.all') },
        { value: 'true', label: t('common.status.active') },
        { value: 'false', label: t('common.status.inactive') },
      ]}
      value={value ?? ALL}
      onChange={(next) => onChange(next === 'true' || next === 'false' ? next : undefined)}
      allowDeselect={false}
      w={{ base: '100%', sm: 180 }}
    />
  );
}
