import { gameStudioListQuerySchema } from '@backoffice/contracts';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list-screen';
import { RecordLink } from '../../../components/record-link';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useLanguage } from '../../../lib/use-language';
import { gameStudiosApi } from '../api/game-studios-api';

export function GameStudiosListPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const canChange = useCan()('adjustGameLaunchParameters');

  return (
    <ListScreen
      schema={gameStudioListQuerySchema}
      useList={gameStudiosApi.useList}
      rowKey={(row) => row.id}
      detailPath={(row) => paths.gameStudios.detail(row.id)}
      createPath={canChange ? paths.gameStudios.create : undefined}
      searchPlaceholder={t('gameStudios.searchPlaceholder')}
      columns={[
        {
          key: 'name',
          header: t('gameStudios.fields.name'),
          sortField: 'name',
          render: (row) => <RecordLink to={paths.gameStudios.detail(row.id)}>{row.name}</RecordLink>,
        },
        {
          key: 'relaxId',
          header: t('gameStudios.fields.relaxId'),
          sortField: 'relaxId',
          render: (row) => row.relaxId,
        },
        { key: 'games', header: t('gameStudios.fields.games'), render: (row) => row.gameCount },
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
