/**
 * The integrations as a server-paged list (search and the active filter in the URL): the managing screen
 * links each to its settings, the games screen to its games.
 */
import { integrationListQuerySchema } from '@backoffice/contracts';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list-screen';
import { RecordLink } from '../../../components/record-link';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { integrationsApi } from '../api/integrations-api';
import { ActiveBadge, ActiveFilter } from '../../../components/active-status';
import { DeliveryState } from '../../../components/delivery-state';

interface IntegrationsListProps {
  /** Where a row leads. */
  linkTo: (id: string) => string;
  createPath?: string | undefined;
}

export function IntegrationsList({ linkTo, createPath }: IntegrationsListProps) {
  const { t } = useTranslation();
  const language = useLanguage();

  return (
    <ListScreen
      schema={integrationListQuerySchema}
      useList={integrationsApi.useList}
      rowKey={(row) => row.id}
      detailPath={(row) => linkTo(row.id)}
      createPath={createPath}
      searchPlaceholder={t('integrations.searchPlaceholder')}
      filters={(query, setQuery) => (
        <ActiveFilter value={query.active} onChange={(active) => setQuery({ active })} />
      )}
      columns={[
        {
          key: 'id',
          header: t('integrations.fields.id'),
          sortField: 'id',
          render: (row) => <RecordLink to={linkTo(row.id)}>{row.id}</RecordLink>,
        },
        { key: 'name', header: t('integrations.fields.name'), sortField: 'name', render: (row) => row.name },
        { key: 'bridge', header: t('integrations.fields.bridge'), render: (row) => row.bridgeName },
        {
          key: 'defaultCasino',
          header: t('integrations.fields.defaultCasino'),
          render: (row) => row.defaultCasinoId ?? '—',
        },
        {
          key: 'casinos',
          header: t('integrations.fields.casinoCount'),
          render: (row) => row.casinoIds.length,
        },
        { key: 'games', header: t('integrations.fields.games'), render: (row) => row.gameCount },
        {
          key: 'active',
          header: t('integrations.fields.active'),
          sortField: 'active',
          render: (row) => <ActiveBadge active={row.active} />,
        },
        {
          key: 'lastPush',
          header: t('integrations.fields.lastPush'),
          render: (row) => (
            <Group gap={6} wrap="nowrap">
              <DeliveryState integration={row} />
              <Text size="sm">
                {row.lastPush
                  ? formatDateTime(row.lastPush.pushedAt, language)
                  : t('integrations.neverPushed')}
              </Text>
            </Group>
          ),
        },
        {
          key: 'updatedAt',
          header: t('common.updatedAt'),
          sortField: 'updatedAt',
          render: (row) => formatDateTime(row.updatedAt, language),
        },
      ]}
    />
  );
}
