import { bridgeIdSchema } from '@backoffice/contracts';
import { Alert, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { NotFoundPage } from '../../../components/not-found-page';
import { RecordDetail } from '../../../components/record-detail';
import { paths } from '../../../config/paths';
import { propertyRowsOf } from '../../../lib/form-schemas';
import { useCan } from '../../../lib/session';
import { bridgesApi, useBridgeCheck } from '../api/bridges-api';
import { BridgeForm } from '../components/bridge-form';

export function BridgeDetailPage() {
  const { id = '' } = useParams();
  if (!bridgeIdSchema.safeParse(id).success) return <NotFoundPage />;
  return <BridgeDetail id={id} />;
}

function BridgeDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = bridgesApi.useOne(id);
  const update = bridgesApi.useUpdate();
  const remove = bridgesApi.useDelete();
  const check = useBridgeCheck();
  const canChange = useCan()('adjustBridgeSettings');

  return (
    <RecordDetail
      id={id}
      query={query}
      notFoundCodes={['BRIDGE_NOT_FOUND']}
      title={(bridge) => bridge.name}
      canChange={canChange}
      remove={remove}
      deleteTitle={t('bridges.deleteTitle')}
      deleteConfirmText={(bridge) => bridge.name}
      listPath={paths.bridges.list}
      actions={() => (
        <Button variant="default" loading={check.isPending} onClick={() => check.mutate(id)}>
          {t('bridges.check')}
        </Button>
      )}
    >
      {(bridge) => (
        <>
          {check.isSuccess && (
            <Alert
              color="green"
              mb="md"
              withCloseButton
              onClose={() => check.reset()}
              data-testid="bridge-check"
            >
              {t('bridges.checkOk', { version: check.data.protocolVersion })}
            </Alert>
          )}
          {check.isError && <ErrorAlert error={check.error} onRetry={() => check.mutate(id)} />}
          <BridgeForm
            key={bridge.version}
            secretStored={bridge.secretSet}
            initialValues={{
              name: bridge.name,
              routerUrl: bridge.routerUrl,
              secret: '',
              properties: propertyRowsOf(bridge.properties),
            }}
            readOnly={!canChange}
            submitLabel={t('common.save')}
            confirmText={() => bridge.name}
            onReload={() => void query.refetch()}
            onSave={async (values) => {
              await update.mutateAsync({ id, input: { ...values, version: bridge.version } });
              notifications.show({ color: 'green', message: t('common.saved') });
            }}
          />
        </>
      )}
    </RecordDetail>
  );
}
