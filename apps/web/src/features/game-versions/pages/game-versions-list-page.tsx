import { gameIdSchema, gameVersionListQuerySchema } from '@backoffice/contracts';
import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ActiveBadge, ActiveFilter } from '../../../components/active-status';
import { ListScreen } from '../../../components/list-screen';
import { RecordLink } from '../../../components/record-link';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useLanguage } from '../../../lib/use-language';
import { gameVersionsApi } from '../api/game-versions-api';
import { gameOption, useGame, useGameSearch, useJurisdictionOptions } from '../api/lookups';
import { MissingProperties } from '../components/missing-properties';
import { RecordSelect } from '../../../components/record-select';

export function GameVersionsListPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const canChange = useCan()('adjustGameLaunchParameters');
  const jurisdictions = useJurisdictionOptions();
  // The versions of one game (as its screen links here): a new one is of that game too.
  const game = gameIdSchema.safeParse(useSearchParams()[0].get('gameId'));
  const createPath = game.success
    ? `${paths.gameVersions.create}?gameId=${encodeURIComponent(game.data)}`
    : paths.gameVersions.create;

  return (
    <ListScreen
      schema={gameVersionListQuerySchema}
      useList={gameVersionsApi.useList}
      rowKey={(row) => row.id}
      detailPath={(row) => paths.gameVersions.detail(row.id)}
      createPath={canChange ? createPath : undefined}
      searchPlaceholder={t('gameVersions.searchPlaceholder')}
      filters={(query, setQuery) => (
        <>
          <RecordSelect
            label={t('gameVersions.fields.game')}
            placeholder={t('gameVersions.allGames')}
            clearable
            w={260}
            value={query.gameId ?? null}
            onChange={(gameId) => setQuery({ gameId: gameId ?? undefined })}
            useSearch={useGameSearch}
            useRecord={useGame}
            toOption={gameOption}
          />
          <Select
            label={t('gameVersions.fields.jurisdiction')}
            placeholder={t('gameVersions.allJurisdictions')}
            searchable
            clearable
            w={220}
            data={jurisdictions.data ?? []}
            value={query.jurisdictionId ?? null}
            onChange={(jurisdictionId) => setQuery({ jurisdictionId: jurisdictionId ?? undefined })}
            nothingFoundMessage={t('common.noEntries')}
          />
          <ActiveFilter value={query.active} onChange={(active) => setQuery({ active })} />
        </>
      )}
      columns={[
        {
          key: 'game',
          header: t('gameVersions.fields.game'),
          sortField: 'gameId',
          render: (row) => (
            <Stack gap={0}>
              <RecordLink to={paths.games.detail(row.gameId)}>{row.gameName}</RecordLink>
              <Text size="xs" c="dimmed">
                {row.gameId}
              </Text>
            </Stack>
          ),
        },
        {
          key: 'versionNumber',
          header: t('gameVersions.fields.versionNumber'),
          sortField: 'versionNumber',
          render: (row) => (
            <RecordLink to={paths.gameVersions.detail(row.id)}>{row.versionNumber}</RecordLink>
          ),
        },
        {
          key: 'jurisdictions',
          header: t('gameVersions.fields.jurisdictions'),
          render: (row) => row.jurisdictions.map((jurisdiction) => jurisdiction.name).join(', '),
        },
        {
          key: 'vouchers',
          header: t('gameVersions.fields.vouchers'),
          render: (row) => (
            <Group gap={4} wrap="nowrap">
              {row.supportsVouchers && (
                <Badge variant="light" size="sm">
                  {t('gameVersions.vouchersBadge')}
                </Badge>
              )}
              {row.supportsFeatureTriggerVouchers && (
                <Badge variant="light" size="sm" color="grape">
                  {t('gameVersions.featureTriggerBadge')}
                </Badge>
              )}
            </Group>
          ),
        },
        {
          key: 'missing',
          header: t('gameVersions.fields.missingProperties'),
          render: (row) => <MissingProperties keys={row.missingProperties} />,
        },
        {
          key: 'active',
          header: t('gameVersions.fields.active'),
          sortField: 'active',
          render: (row) => <ActiveBadge active={row.active} />,
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
