import { integrationOptionIdSchema } from '@backoffice/contracts';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { RecordDetail } from '../../../components/record-detail';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/session';
import { integrationOptionsApi } from '../api/integration-options-api';
import { IntegrationOptionForm } from '../components/integration-option-form';

export function IntegrationOptionDetailPage() {
  const { id = '' } = useParams();
  if (!integrationOptionIdSchema.safeParse(id).success) return <NotFoundPage />;
  return <IntegrationOptionDetail id={id} />;
}

function IntegrationOptionDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = integrationOptionsApi.useOne(id);
  const update = integrationOptionsApi.useUpdate();
  const remove = integrationOptionsApi.useDelete();
  const canChange = useCan()('adjustGameLaunchParameters');

  return (
    <RecordDetail
      id={id}
      query={query}
      notFoundCodes={['INTEGRATION_OPTION_NOT_FOUND']}
      title={(option) => option.name}
      canChange={canChange}
      remove={remove}
      deleteTitle={t('integrationOptions.deleteTitle')}
      deleteConfirmText={(option) => option.name}
      listPath={paths.integrationOptions.list}
      actions={(option) => (
        <Text size="sm" c="dimmed">
          {t('integrationOptions.usedBy', { count: option.casinoCount })}
        </Text>
      )}
    >
      {(option) => (
        <IntegrationOptionForm
          key={option.version}
          initialValues={{ name: option.name, dataType: option.dataType }}
          casinoCount={option.casinoCount}
          readOnly={!canChange}
          submitLabel={t('common.save')}
          confirmText={() => option.name}
          onReload={() => void query.refetch()}
          onSave={async (values) => {
            await update.mutateAsync({ id, input: { ...values, version: option.version } });
            notifications.show({ color: 'green', message: t('common.saved') });
          }}
        />
      )}
    </RecordDetail>
  );
}
