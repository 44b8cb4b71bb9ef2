import { casinoListQuerySchema } from '@backoffice/contracts';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list-screen';
import { RecordLink } from '../../../components/record-link';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useLanguage } from '../../../lib/use-language';
import { casinosApi } from '../api/casinos-api';
import { useBridgeOptions, useJurisdictionOptions } from '../api/lookups';
import { ActiveBadge } from '../components/active-badge';

/** The state filter's value for "no filter" (not a state, so it never reaches the URL). */
const ALL_STATES = 'all';

export function CasinosListPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const canChange = useCan()('adjustGameLaunchParameters');
  const bridges = useBridgeOptions();
  const jurisdictions = useJurisdictionOptions();

  return (
    <ListScreen
      schema={casinoListQuerySchema}
      useList={casinosApi.useList}
      rowKey={(row) => row.id}
      detailPath={(row) => paths.casinos.detail(row.id)}
      createPath={canChange ? paths.casinos.create : undefined}
      emptyText={t('casinos.emptyList')}
      createFirstLabel={t('casinos.createFirst')}
      searchPlaceholder={t('casinos.searchPlaceholder')}
      filters={(query, setQuery) => (
        <>
          <Select
            label={t('casinos.fields.active')}
            // "All" is an option of its own, so the filter can be lifted by keyboard and screen reader too.
            data={[
              { value: ALL_STATES, label: t('casinos.allStates') },
              { value: 'true', label: t('casinos.status.active') },
              { value: 'false', label: t('casinos.status.inactive') },
            ]}
            value={query.active ?? ALL_STATES}
            onChange={(value) =>
              setQuery({ active: value === 'true' || value === 'false' ? value : undefined })
            }
            allowDeselect={false}
            w={180}
          />
          <Select
            label={t('casinos.fields.bridge')}
            placeholder={t('casinos.allBridges')}
            searchable
            clearable
            w={220}
            data={bridges}
            value={query.bridgeId ?? null}
            onChange={(bridgeId) => setQuery({ bridgeId: bridgeId ?? undefined })}
            nothingFoundMessage={t('common.noEntries')}
          />
          <Select
            label={t('casinos.fields.jurisdiction')}
            placeholder={t('casinos.allJurisdictions')}
            searchable
            clearable
            w={220}
            data={jurisdictions}
            value={query.jurisdictionId ?? null}
            onChange={(jurisdictionId) => setQuery({ jurisdictionId: jurisdictionId ?? undefined })}
            nothingFoundMessage={t('common.noEntries')}
          />
        </>
      )}
      columns={[
        {
          key: 'id',
          header: t('casinos.fields.id'),
          sortField: 'id',
          render: (row) => <RecordLink to={paths.casinos.detail(row.id)}>{row.id}</RecordLink>,
        },
        { key: 'name', header: t('casinos.fields.name'), sortField: 'name', render: (row) => row.name },
        { key: 'bridge', header: t('casinos.fields.bridge'), render: (row) => row.bridgeName },
        {
          key: 'jurisdiction',
          header: t('casinos.fields.jurisdiction'),
          render: (row) => row.jurisdictionName,
        },
        { key: 'api', header: t('casinos.fields.api'), render: (row) => t(`casinos.apis.${row.api}`) },
        {
          key: 'active',
          header: t('casinos.fields.active'),
          sortField: 'active',
          render: (row) => <ActiveBadge active={row.active} />,
        },
        { key: 'games', header: t('casinos.fields.games'), render: (row) => row.gameCount },
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
