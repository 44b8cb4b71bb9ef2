import { gameProviderListQuerySchema } from '@backoffice/contracts';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list-screen';
import { RecordLink } from '../../../components/record-link';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useLanguage } from '../../../lib/use-language';
import { gameProvidersApi } from '../api/game-providers-api';

export function GameProvidersListPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const canChange = useCan()('adjustGameLaunchParameters');

  return (
    <ListScreen
      schema={gameProviderListQuerySchema}
      useList={gameProvidersApi.useList}
      rowKey={(row) => row.id}
      detailPath={(row) => paths.gameProviders.detail(row.id)}
      createPath={canChange ? paths.gameProviders.create : undefined}
      searchPlaceholder={t('gameProviders.searchPlaceholder')}
      columns={[
        {
          key: 'id',
          header: t('gameProviders.fields.id'),
          sortField: 'id',
          render: (row) => <RecordLink to={paths.gameProviders.detail(row.id)}>{row.id}</RecordLink>,
        },
        { key: 'name', header: t('gameProviders.fields.name'), sortField: 'name', render: (row) => row.name },
        {
          key: 'api',
          header: t('gameProviders.fields.api'),
          sortField: 'api',
          render: (row) => t(`gameProviders.apis.${row.api}`),
        },
        { key: 'games', header: t('gameProviders.fields.games'), render: (row) => row.gameCount },
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
