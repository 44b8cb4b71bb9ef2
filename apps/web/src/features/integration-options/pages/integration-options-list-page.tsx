import { integrationOptionListQuerySchema } from '@backoffice/contracts';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list-screen';
import { RecordLink } from '../../../components/record-link';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useLanguage } from '../../../lib/use-language';
import { integrationOptionsApi } from '../api/integration-options-api';

export function IntegrationOptionsListPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const canChange = useCan()('adjustGameLaunchParameters');

  return (
    <ListScreen
      schema={integrationOptionListQuerySchema}
      useList={integrationOptionsApi.useList}
      rowKey={(row) => row.id}
      detailPath={(row) => paths.integrationOptions.detail(row.id)}
      createPath={canChange ? paths.integrationOptions.create : undefined}
      searchPlaceholder={t('integrationOptions.searchPlaceholder')}
      columns={[
        {
          key: 'name',
          header: t('integrationOptions.fields.name'),
          sortField: 'name',
          render: (row) => <RecordLink to={paths.integrationOptions.detail(row.id)}>{row.name}</RecordLink>,
        },
        {
          key: 'dataType',
          header: t('integrationOptions.fields.dataType'),
          sortField: 'dataType',
          render: (row) => t(`integrationOptions.dataTypes.${row.dataType}`),
        },
        { key: 'casinos', header: t('integrationOptions.fields.casinos'), render: (row) => row.casinoCount },
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
