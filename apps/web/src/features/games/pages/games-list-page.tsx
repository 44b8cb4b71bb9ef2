import { gameListQuerySchema } from '@backoffice/contracts';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list-screen';
import { RecordLink } from '../../../components/record-link';
import { paths } from '../../../config/paths';
import { formatCoins, formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useLanguage } from '../../../lib/use-language';
import { gamesApi } from '../api/games-api';
import { useProvider, useProviderSearch, useStudio, useStudioSearch } from '../api/lookups';
import { RecordSelect } from '../../../components/record-select';

export function GamesListPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const canChange = useCan()('adjustGameLaunchParameters');

  return (
    <ListScreen
      schema={gameListQuerySchema}
      useList={gamesApi.useList}
      rowKey={(row) => row.gameId}
      detailPath={(row) => paths.games.detail(row.gameId)}
      createPath={canChange ? paths.games.create : undefined}
      searchPlaceholder={t('games.searchPlaceholder')}
      filters={(query, setQuery) => (
        <>
          <RecordSelect
            label={t('games.fields.studio')}
            placeholder={t('games.allStudios')}
            clearable
            w={220}
            value={query.studioId ?? null}
            onChange={(studioId) => setQuery({ studioId: studioId ?? undefined })}
            useSearch={useStudioSearch}
            useRecord={useStudio}
            toOption={(studio) => ({ value: studio.id, label: studio.name })}
          />
          <RecordSelect
            label={t('games.fields.provider')}
            placeholder={t('games.allProviders')}
            clearable
            w={220}
            value={query.providerId ?? null}
            onChange={(providerId) => setQuery({ providerId: providerId ?? undefined })}
            useSearch={useProviderSearch}
            useRecord={useProvider}
            toOption={(provider) => ({ value: provider.id, label: provider.name })}
          />
        </>
      )}
      columns={[
        {
          key: 'gameId',
          header: t('games.fields.gameId'),
          sortField: 'gameId',
          render: (row) => <RecordLink to={paths.games.detail(row.gameId)}>{row.gameId}</RecordLink>,
        },
        { key: 'name', header: t('games.fields.name'), sortField: 'name', render: (row) => row.name },
        {
          key: 'studio',
          header: t('games.fields.studio'),
          sortField: 'studioName',
          render: (row) => row.studioName,
        },
        {
          key: 'provider',
          header: t('games.fields.provider'),
          sortField: 'providerName',
          render: (row) => row.providerName,
        },
        {
          key: 'rtp',
          header: t('games.fields.rtpColumn'),
          sortField: 'theoreticalRtp',
          render: (row) => formatCoins(row.theoreticalRtp, language),
        },
        { key: 'versions', header: t('games.fields.versions'), render: (row) => row.versionCount },
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
