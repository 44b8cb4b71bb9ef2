import {
  ALLOWED_HASH_COMPONENT_MAX,
  ALLOWED_HASH_NOTE_MAX,
  allowedHashConfirmText,
  allowedHashFieldsSchema,
} from '@backoffice/contracts';
import { Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { RecordForm } from '../../../components/record-form';
import { paths } from '../../../config/paths';
import { allowedHashesApi } from '../api/allowed-hashes-api';
import { HashText } from '../components/hash-text';

export function AllowedHashAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = allowedHashesApi.useCreate();

  return (
    <>
      <PageHeader title={t('allowedHashes.addTitle')} />
      <RecordForm
        schema={allowedHashFieldsSchema}
        initialValues={{ component: '', hash: '', note: '' }}
        submitLabel={t('allowedHashes.add')}
        // The typed confirmation: the hash's first characters, as it will be stored (lower case).
        confirmText={(values) => allowedHashConfirmText(values.hash)}
        confirmTitle={t('allowedHashes.addConfirmTitle')}
        confirmDetails={(values) => (
          <Stack gap={4}>
            <Text size="sm">{t('allowedHashes.addWarning')}</Text>
            <Text size="sm" fw={500}>
              {values.component}
            </Text>
            <HashText hash={values.hash} />
          </Stack>
        )}
        fieldErrors={{ HASH_NOT_UNIQUE: 'hash' }}
        maw={720}
        onSave={async (values) => {
          await create.mutateAsync({ ...values, confirmation: allowedHashConfirmText(values.hash) });
          notifications.show({ color: 'green', message: t('allowedHashes.added') });
          navigate(paths.cpv.allowedHashes);
        }}
      >
        {(form) => (
          <>
            <TextInput
              label={t('allowedHashes.fields.component')}
              description={t('allowedHashes.componentHint')}
              withAsterisk
              maxLength={ALLOWED_HASH_COMPONENT_MAX}
              key={form.key('component')}
              {...form.getInputProps('component')}
            />
            <TextInput
              label={t('allowedHashes.fields.hash')}
              description={t('allowedHashes.hashHint')}
              withAsterisk
              styles={{ input: { fontFamily: 'monospace' } }}
              autoComplete="off"
              spellCheck={false}
              key={form.key('hash')}
              {...form.getInputProps('hash')}
            />
            <Textarea
              label={t('allowedHashes.fields.note')}
              rows={2}
              maxLength={ALLOWED_HASH_NOTE_MAX}
              key={form.key('note')}
              {...form.getInputProps('note')}
            />
          </>
        )}
      </RecordForm>
    </>
  );
}
