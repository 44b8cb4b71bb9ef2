import { bridgeListQuerySchema } from '@backoffice/contracts';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list-screen';
import { RecordLink } from '../../../components/record-link';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useLanguage } from '../../../lib/use-language';
import { bridgesApi } from '../api/bridges-api';

export function BridgesListPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const canChange = useCan()('adjustBridgeSettings');

  return (
    <ListScreen
      schema={bridgeListQuerySchema}
      useList={bridgesApi.useList}
      rowKey={(row) => row.id}
      detailPath={(row) => paths.bridges.detail(row.id)}
      createPath={canChange ? paths.bridges.create : undefined}
      searchPlaceholder={t('bridges.searchPlaceholder')}
      columns={[
        {
          key: 'name',
          header: t('bridges.fields.name'),
          sortField: 'name',
          render: (row) => <RecordLink to={paths.bridges.detail(row.id)}>{row.name}</RecordLink>,
        },
        {
          key: 'routerUrl',
          header: t('bridges.fields.routerUrl'),
          sortField: 'routerUrl',
          render: (row) => row.routerUrl,
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
