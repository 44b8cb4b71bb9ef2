import { jurisdictionListQuerySchema } from '@backoffice/contracts';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list-screen';
import { RecordLink } from '../../../components/record-link';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useLanguage } from '../../../lib/use-language';
import { jurisdictionsApi } from '../api/jurisdictions-api';

export function JurisdictionsListPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const canChange = useCan()('adjustGameLaunchParameters');

  return (
    <ListScreen
      schema={jurisdictionListQuerySchema}
      useList={jurisdictionsApi.useList}
      rowKey={(row) => row.id}
      detailPath={(row) => paths.jurisdictions.detail(row.id)}
      createPath={canChange ? paths.jurisdictions.create : undefined}
      emptyText={t('jurisdictions.emptyList')}
      createFirstLabel={t('jurisdictions.createFirst')}
      searchPlaceholder={t('jurisdictions.searchPlaceholder')}
      columns={[
        {
          key: 'name',
          header: t('jurisdictions.fields.name'),
          sortField: 'name',
          render: (row) => <RecordLink to={paths.jurisdictions.detail(row.id)}>{row.name}</RecordLink>,
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
