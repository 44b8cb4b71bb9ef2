/** `/reporting/significant-events/create`: records what happened, then goes back to the list. */
import { significantEventInputSchema, type SignificantEventInput } from '@backoffice/contracts';
import { Button, Group, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DateTimeInput } from '../../../components/inputs/date-time-input';
import { NoPermissionPage } from '../../../components/no-permission-page';
import { PageHeader } from '../../../components/page-header';
import { RecordForm } from '../../../components/record-form';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/session';
import { useRecordSignificantEvent } from '../api/significant-events-api';

const CONFIRM_TEXT_MAX = 40;

/** The text to type before recording: the reason, or its beginning when it is long. */
export function significantEventConfirmText(input: SignificantEventInput): string {
  const reason = input.reason.trim();
  return reason.length <= CONFIRM_TEXT_MAX ? reason : reason.slice(0, CONFIRM_TEXT_MAX).trimEnd();
}

const initialValues: SignificantEventInput = {
  happenedAt: '',
  reason: '',
  component: '',
  user: '',
  beforeValue: '',
  afterValue: '',
};

export function SignificantEventCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canRecord = useCan()('recordSignificantEvents');
  const record = useRecordSignificantEvent();
  if (!canRecord) return <NoPermissionPage />;
  const field = (key: string) => t(`significantEvents.fields.${key}`);

  return (
    <>
      <PageHeader title={t('significantEvents.createTitle')} />
      <RecordForm
        schema={significantEventInputSchema}
        initialValues={initialValues}
        submitLabel={t('common.create')}
        confirmText={significantEventConfirmText}
        onSave={async (values) => {
          await record.mutateAsync(values);
          notifications.show({ color: 'green', message: t('significantEvents.recorded') });
          navigate(paths.reporting.significantEvents);
        }}
      >
        {(form) => (
          <>
            <DateTimeInput
              label={field('happenedAt')}
              withAsterisk
              value={form.values.happenedAt || null}
              error={form.errors.happenedAt}
              onChange={(happenedAt) => form.setFieldValue('happenedAt', happenedAt ?? '')}
            />
            <Textarea
              label={field('reason')}
              withAsterisk
              rows={3}
              maxLength={2_000}
              key={form.key('reason')}
              {...form.getInputProps('reason')}
            />
            <TextInput
              label={field('component')}
              maxLength={200}
              key={form.key('component')}
              {...form.getInputProps('component')}
            />
            <TextInput
              label={field('user')}
              description={t('significantEvents.userHint')}
              maxLength={200}
              key={form.key('user')}
              {...form.getInputProps('user')}
            />
            <Textarea
              label={field('beforeValue')}
              rows={2}
              maxLength={2_000}
              key={form.key('beforeValue')}
              {...form.getInputProps('beforeValue')}
            />
            <Textarea
              label={field('afterValue')}
              rows={2}
              maxLength={2_000}
              key={form.key('afterValue')}
              {...form.getInputProps('afterValue')}
            />
          </>
        )}
      </RecordForm>
      <Group mt="md">
        <Button variant="default" component={Link} to={paths.reporting.significantEvents}>
          {t('common.cancel')}
        </Button>
      </Group>
    </>
  );
}
