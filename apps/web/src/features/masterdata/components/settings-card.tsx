import {
  globalSettingsUpdateSchema,
  roles,
  VALIDITY_PERIOD_MAX_DAYS,
  type Role,
} from '@backoffice/contracts';
import { Checkbox, MultiSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { NumberInput } from '../../../components/inputs/number-input';
import { RecordForm } from '../../../components/record-form';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useSettings, useUpdateSettings } from '../api/masterdata-api';
import { Spinner } from '../../../components/list-state';

const settingsFormSchema = globalSettingsUpdateSchema.pick({
  defaultGameRoundValidityPeriodDays: true,
  bigWinBetMultiple: true,
  bigWinMinEur: true,
  cpvDeactivateOnMismatch: true,
  secondFactorRoles: true,
});

/** The global defaults: changed after the typed confirmation, at the version read. */
export function SettingsCard({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useSettings();
  const update = useUpdateSettings();
  const settings = query.data;

  return (
    <Paper withBorder p="md" mb="xl">
      <Title order={2} size="h4" mb="md">
        {t('masterdata.settings.title')}
      </Title>
      {query.isPending && <Spinner size="sm" />}
      {!settings && query.error && <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {settings && (
        <>
          <RecordForm
            key={settings.version}
            schema={settingsFormSchema}
            initialValues={{
              defaultGameRoundValidityPeriodDays: settings.defaultGameRoundValidityPeriodDays,
              bigWinBetMultiple: settings.bigWinBetMultiple,
              bigWinMinEur: settings.bigWinMinEur,
              cpvDeactivateOnMismatch: settings.cpvDeactivateOnMismatch,
              secondFactorRoles: settings.secondFactorRoles,
            }}
            readOnly={!canChange}
            maw={420}
            submitLabel={t('common.save')}
            confirmText={(values) => String(values.defaultGameRoundValidityPeriodDays)}
            onReload={() => void query.refetch()}
            onSave={async (values) => {
              await update.mutateAsync({ ...values, version: settings.version });
              notifications.show({ color: 'green', message: t('common.saved') });
            }}
          >
            {(form) => (
              <Stack gap="sm">
                <NumberInput
                  label={t('masterdata.settings.validityPeriod')}
                  description={t('masterdata.settings.validityPeriodHint', { max: VALIDITY_PERIOD_MAX_DAYS })}
                  withAsterisk
                  inputMode="numeric"
                  readOnly={!canChange}
                  value={form.values.defaultGameRoundValidityPeriodDays}
                  error={form.errors.defaultGameRoundValidityPeriodDays}
                  onChange={(value) =>
                    form.setFieldValue('defaultGameRoundValidityPeriodDays', value as number)
                  }
                  onBlur={() => form.validateField('defaultGameRoundValidityPeriodDays')}
                />
                <NumberInput
                  label={t('masterdata.settings.bigWinBetMultiple')}
                  description={t('masterdata.settings.bigWinBetMultipleHint')}
                  withAsterisk
                  readOnly={!canChange}
                  value={form.values.bigWinBetMultiple ?? null}
                  error={form.errors.bigWinBetMultiple}
                  onChange={(value) => form.setFieldValue('bigWinBetMultiple', value as number)}
                  onBlur={() => form.validateField('bigWinBetMultiple')}
                />
                <NumberInput
                  label={t('masterdata.settings.bigWinMinEur')}
                  description={t('masterdata.settings.bigWinMinEurHint')}
                  readOnly={!canChange}
                  value={form.values.bigWinMinEur ?? null}
                  error={form.errors.bigWinMinEur}
                  onChange={(value) => form.setFieldValue('bigWinMinEur', value)}
                  onBlur={() => form.validateField('bigWinMinEur')}
                />
                <Checkbox
                  label={t('masterdata.settings.cpvDeactivateOnMismatch')}
                  description={t('masterdata.settings.cpvDeactivateOnMismatchHint')}
                  disabled={!canChange}
                  checked={form.values.cpvDeactivateOnMismatch ?? false}
                  onChange={(event) =>
                    form.setFieldValue('cpvDeactivateOnMismatch', event.currentTarget.checked)
                  }
                />
                <MultiSelect
                  label={t('masterdata.settings.secondFactorRoles')}
                  description={t('masterdata.settings.secondFactorRolesHint')}
                  data={roles.map((role) => ({ value: role, label: t(`app.roles.${role}`) }))}
                  readOnly={!canChange}
                  clearable={canChange}
                  value={form.values.secondFactorRoles ?? []}
                  error={form.errors.secondFactorRoles}
                  onChange={(value) => form.setFieldValue('secondFactorRoles', value as Role[])}
                />
              </Stack>
            )}
          </RecordForm>
          <Text size="sm" c="dimmed" mt="sm">
            {t('common.updatedAt')}: {formatDateTime(settings.updatedAt, language)} · {t('common.version')}{' '}
            {settings.version}
          </Text>
        </>
      )}
    </Paper>
  );
}
