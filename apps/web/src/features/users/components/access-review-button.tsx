/** The users list's download of the periodic access review (GLI-19 §B.2.3) as CSV. */
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { datedFileName, downloadCsv } from '../../../lib/csv-download';
import { useAccessReviewCsv } from '../api/access-review';

export function AccessReviewButton() {
  const { t } = useTranslation();
  const download = useAccessReviewCsv();
  const start = () =>
    download.mutate(undefined, {
      onSuccess: (csv) => {
        downloadCsv(csv, datedFileName('access-review'));
        notifications.show({ color: 'green', message: t('users.accessReview.started') });
      },
    });
  return (
    <>
      <Button variant="default" onClick={start} loading={download.isPending}>
        {t('users.accessReview.download')}
      </Button>
      {download.error && <ErrorAlert error={download.error} onRetry={start} />}
    </>
  );
}
