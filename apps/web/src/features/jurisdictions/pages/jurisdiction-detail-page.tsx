import { jurisdictionIdSchema } from '@backoffice/contracts';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { RecordDetail } from '../../../components/record-detail';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/session';
import { jurisdictionsApi } from '../api/jurisdictions-api';
import { JurisdictionForm } from '../components/jurisdiction-form';

export function JurisdictionDetailPage() {
  const { id = '' } = useParams();
  // An id that cannot exist, or a record that does not: the page is not found (spec §2).
  if (!jurisdictionIdSchema.safeParse(id).success) return <NotFoundPage />;
  return <JurisdictionDetail id={id} />;
}

function JurisdictionDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = jurisdictionsApi.useOne(id);
  const update = jurisdictionsApi.useUpdate();
  const remove = jurisdictionsApi.useDelete();
  const canChange = useCan()('adjustGameLaunchParameters');

  return (
    <RecordDetail
      id={id}
      query={query}
      title={(jurisdiction) => jurisdiction.name}
      canChange={canChange}
      remove={remove}
      deleteTitle={t('jurisdictions.deleteTitle')}
      deleteConfirmText={(jurisdiction) => jurisdiction.name}
      listPath={paths.jurisdictions.list}
    >
      {(jurisdiction) => (
        <JurisdictionForm
          // A new version (saved here or reloaded) starts the form afresh from the stored state.
          key={jurisdiction.version}
          initialValues={{ name: jurisdiction.name }}
          readOnly={!canChange}
          submitLabel={t('common.save')}
          confirmText={() => jurisdiction.name}
          onReload={() => void query.refetch()}
          onSave={async (values) => {
            await update.mutateAsync({ id, input: { ...values, version: jurisdiction.version } });
            notifications.show({ color: 'green', message: t('common.saved') });
          }}
        />
      )}
    </RecordDetail>
  );
}
