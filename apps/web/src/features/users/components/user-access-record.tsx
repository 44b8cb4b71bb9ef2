/**
 * What GLI-19 §2.8.9 asks the record of a user to show: status, created, last sign-in with its address,
 * last password and second-factor change, and the last deactivation (kept after reactivation).
 */
import type { User } from '@backoffice/contracts';
import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldsTable, NoValue } from '../../../components/fields-table';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';

export function UserStatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light">
      {active ? t('users.status.active') : t('users.status.inactive')}
    </Badge>
  );
}

export function UserAccessRecord({ user }: { user: User }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const when = (iso: string | null): ReactNode => (iso ? formatDateTime(iso, language) : <NoValue />);
  const lastSignIn = user.lastSignInAt
    ? t('users.record.signedInFrom', {
        at: formatDateTime(user.lastSignInAt, language),
        address: user.lastSignInAddress ?? '–',
      })
    : null;
  return (
    <FieldsTable
      label={t('users.record.title')}
      rows={[
        [t('users.record.status'), <UserStatusBadge key="status" active={user.active} />],
        [t('common.createdAt'), when(user.createdAt)],
        [t('users.record.lastSignIn'), lastSignIn ?? <NoValue />],
        [t('users.record.passwordChanged'), when(user.passwordChangedAt)],
        [t('users.record.secondFactorChanged'), when(user.secondFactorChangedAt)],
        [t('users.record.deactivated'), when(user.deactivatedAt)],
      ]}
    />
  );
}
