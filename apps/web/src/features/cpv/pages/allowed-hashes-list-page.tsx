import { allowedHashListQuerySchema, type AllowedHash } from '@backoffice/contracts';
import { Badge, Button, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list-screen';
import { SearchInput } from '../../../components/search-input';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useLanguage } from '../../../lib/use-language';
import { allowedHashesApi } from '../api/allowed-hashes-api';
import { HashText } from '../components/hash-text';
import { RetireHashDialog } from '../components/retire-hash-dialog';

export function AllowedHashesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  // Adding and retiring are the admin's alone, as on the server.
  const canChange = useCan()('noRestrictions');
  const [retiring, setRetiring] = useState<AllowedHash | null>(null);

  return (
    <>
      <ListScreen
        schema={allowedHashListQuerySchema}
        useList={allowedHashesApi.useList}
        rowKey={(row) => row.id}
        createPath={canChange ? paths.cpv.addAllowedHash : undefined}
        createLabel={t('allowedHashes.add')}
        searchPlaceholder={t('allowedHashes.searchPlaceholder')}
        filters={(query, setQuery) => (
          <>
            <SearchInput
              label={t('allowedHashes.hashFilter')}
              placeholder={t('allowedHashes.hashFilterPlaceholder')}
              value={query.hash}
              onSearch={(hash) => setQuery({ hash })}
            />
            <Switch
              label={t('allowedHashes.showRetired')}
              checked={query.showRetired === 'true'}
              onChange={(event) =>
                setQuery({ showRetired: event.currentTarget.checked ? 'true' : undefined })
              }
              mb={8}
            />
          </>
        )}
        columns={[
          {
            key: 'component',
            header: t('allowedHashes.fields.component'),
            sortField: 'component',
            render: (row) => row.component,
          },
          {
            key: 'hash',
            header: t('allowedHashes.fields.hash'),
            sortField: 'hash',
            render: (row) => <HashText hash={row.hash} />,
          },
          { key: 'note', header: t('allowedHashes.fields.note'), render: (row) => row.note },
          {
            key: 'status',
            header: t('allowedHashes.fields.status'),
            render: (row) => <StatusBadge retired={row.retiredAt !== null} />,
          },
          {
            key: 'createdAt',
            header: t('allowedHashes.fields.createdAt'),
            sortField: 'createdAt',
            render: (row) => formatDateTime(row.createdAt, language),
          },
          {
            key: 'retiredAt',
            header: t('allowedHashes.fields.retiredAt'),
            sortField: 'retiredAt',
            render: (row) =>
              row.retiredAt && (
                <Stack gap={0}>
                  <Text size="sm">{formatDateTime(row.retiredAt, language)}</Text>
                  {row.retiredBy && (
                    <Text size="xs" c="dimmed">
                      {row.retiredBy}
                    </Text>
                  )}
                </Stack>
              ),
          },
          ...(canChange
            ? [
                {
                  key: 'actions',
                  header: t('common.actions'),
                  headerHidden: true,
                  render: (row: AllowedHash) =>
                    row.retiredAt === null && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        aria-label={t('allowedHashes.retireOne', { component: row.component })}
                        onClick={() => setRetiring(row)}
                      >
                        {t('allowedHashes.retire')}
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
      />
      <RetireHashDialog hash={retiring} onClose={() => setRetiring(null)} />
    </>
  );
}

/** "Allowed" in green, or "Retired" in grey. */
function StatusBadge({ retired }: { retired: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={retired ? 'gray' : 'green'} variant="light">
      {retired ? t('allowedHashes.status.retired') : t('allowedHashes.status.allowed')}
    </Badge>
  );
}
