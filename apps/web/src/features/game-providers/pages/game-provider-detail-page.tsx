import { gameProviderIdSchema } from '@backoffice/contracts';
import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { RecordDetail } from '../../../components/record-detail';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/session';
import { gameProvidersApi } from '../api/game-providers-api';
import { GameProviderForm } from '../components/game-provider-form';

export function GameProviderDetailPage() {
  const { id = '' } = useParams();
  if (!gameProviderIdSchema.safeParse(id).success) return <NotFoundPage />;
  return <GameProviderDetail id={id} />;
}

function GameProviderDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = gameProvidersApi.useOne(id);
  const update = gameProvidersApi.useUpdate();
  const remove = gameProvidersApi.useDelete();
  const canChange = useCan()('adjustGameLaunchParameters');

  return (
    <RecordDetail
      id={id}
      query={query}
      notFoundCodes={['GAME_PROVIDER_NOT_FOUND']}
      title={(provider) => provider.name}
      canChange={canChange}
      remove={remove}
      deleteTitle={t('gameProviders.deleteTitle')}
      deleteConfirmText={(provider) => provider.id}
      listPath={paths.gameProviders.list}
      actions={(provider) => (
        <Anchor component={Link} to={`${paths.games.list}?providerId=${encodeURIComponent(provider.id)}`}>
          {t('gameProviders.gamesLink', { count: provider.gameCount })}
        </Anchor>
      )}
    >
      {(provider) => (
        <GameProviderForm
          key={provider.version}
          idEditable={false}
          initialValues={{
            id: provider.id,
            name: provider.name,
            api: provider.api,
            config: provider.config,
            clearSecrets: [],
          }}
          secretsSet={provider.secretsSet}
          readOnly={!canChange}
          submitLabel={t('common.save')}
          confirmText={() => provider.id}
          onReload={() => void query.refetch()}
          onSave={async ({ id: _id, ...values }) => {
            await update.mutateAsync({ id, input: { ...values, version: provider.version } });
            notifications.show({ color: 'green', message: t('common.saved') });
          }}
        />
      )}
    </RecordDetail>
  );
}
