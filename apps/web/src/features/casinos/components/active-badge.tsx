import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Whether a casino (or a game of it) is active: green "active", grey "inactive". */
export function ActiveBadge({ active, ...props }: { active: boolean } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light" {...props}>
      {active ? t('casinos.status.active') : t('casinos.status.inactive')}
    </Badge>
  );
}
