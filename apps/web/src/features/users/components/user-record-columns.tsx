/** The users list's columns of the GLI-19 §2.8.9 record: each date sorts on the server. */
import type { User, userSortFields } from '@backoffice/contracts';
import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { Column } from '../../../components/data-table';
import { NoValue } from '../../../components/fields-table';
import { formatDateTime } from '../../../lib/format';
import type { Language } from '@backoffice/contracts/languages';

type UserSortField = (typeof userSortFields)[number];

export function userRecordColumns(t: TFunction, language: Language): Column<User, UserSortField>[] {
  const when = (iso: string | null) => (iso ? formatDateTime(iso, language) : <NoValue />);
  return [
    {
      key: 'lastSignInAt',
      header: t('users.record.lastSignIn'),
      sortField: 'lastSignInAt',
      render: (row) =>
        row.lastSignInAt ? (
          <>
            {formatDateTime(row.lastSignInAt, language)}
            {row.lastSignInAddress && (
              <Text size="xs" c="dimmed">
                {row.lastSignInAddress}
              </Text>
            )}
          </>
        ) : (
          <NoValue />
        ),
    },
    {
      key: 'passwordChangedAt',
      header: t('users.record.passwordChanged'),
      sortField: 'passwordChangedAt',
      render: (row) => when(row.passwordChangedAt),
    },
    {
      key: 'secondFactorChangedAt',
      header: t('users.record.secondFactorChanged'),
      sortField: 'secondFactorChangedAt',
      render: (row) => when(row.secondFactorChangedAt),
    },
    {
      key: 'deactivatedAt',
      header: t('users.record.deactivated'),
      sortField: 'deactivatedAt',
      render: (row) => when(row.deactivatedAt),
    },
    {
      key: 'createdAt',
      header: t('common.createdAt'),
      sortField: 'createdAt',
      render: (row) => formatDateTime(row.createdAt, language),
    },
  ];
}
