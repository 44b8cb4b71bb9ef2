/**
 * The integration's API keys for the ingest API: the list, creating a key (shown once, in a dialog that
 * says so) and revoking one behind its typed prefix. Creating and revoking only for those who may change
 * the integration.
 */
import { createApiKeySchema, type ApiKey, type CreatedApiKey } from '@backoffice/contracts';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys-api';
import { Spinner } from '../../../components/list-state';

export function ApiKeysPanel({ integrationId, canChange }: { integrationId: string; canChange: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data: keys, error, isPending, refetch } = useApiKeys(integrationId);
  const create = useCreateApiKey(integrationId);
  const revoke = useRevokeApiKey(integrationId);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '' },
    // The only way to miss the contract's name: leaving it empty (the input stops at its maximum length).
    validate: {
      name: (name) => (createApiKeySchema.shape.name.safeParse(name).success ? null : t('common.required')),
    },
  });

  const when = (iso: string | null, otherwise: string) => (iso ? formatDateTime(iso, language) : otherwise);

  return (
    <Paper withBorder p="md" mt="lg" data-testid="api-keys">
      <Stack>
        <div>
          <Title order={2} size="h3">
            {t('integrations.apiKeys.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('integrations.apiKeys.intro')}
          </Text>
        </div>
        {canChange && (
          <form
            noValidate
            onSubmit={form.onSubmit(({ name }) =>
              create.mutate(
                { name },
                {
                  onSuccess: (answer) => {
                    form.reset();
                    setCreated(answer);
                  },
                },
              ),
            )}
          >
            <Group align="flex-start">
              <TextInput
                label={t('integrations.apiKeys.name')}
                description={t('integrations.apiKeys.nameHint')}
                maxLength={100}
                autoComplete="off"
                w={340}
                key={form.key('name')}
                {...form.getInputProps('name')}
              />
              <Button type="submit" mt={46} loading={create.isPending}>
                {t('integrations.apiKeys.create')}
              </Button>
            </Group>
          </form>
        )}
        {create.error && <ErrorAlert error={create.error} />}
        {revoke.error && (
          <ErrorAlert
            error={revoke.error}
            onRetry={() => {
              revoke.reset();
              void refetch();
            }}
          />
        )}
        {error && <ErrorAlert error={error} onRetry={() => void refetch()} />}
        {isPending && <Spinner size="sm" />}
        {keys && keys.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('integrations.apiKeys.none')}
          </Text>
        )}
        {keys && keys.length > 0 && (
          <Table.ScrollContainer minWidth={700}>
            <Table striped verticalSpacing="xs" aria-label={t('integrations.apiKeys.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('integrations.apiKeys.name')}</Table.Th>
                  <Table.Th>{t('integrations.apiKeys.prefix')}</Table.Th>
                  <Table.Th>{t('integrations.apiKeys.createdAt')}</Table.Th>
                  <Table.Th>{t('integrations.apiKeys.createdBy')}</Table.Th>
                  <Table.Th>{t('integrations.apiKeys.lastUsedAt')}</Table.Th>
                  <Table.Th>{t('integrations.apiKeys.status')}</Table.Th>
                  {canChange && <Table.Th>{t('integrations.apiKeys.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.map((apiKey) => (
                  <Table.Tr key={apiKey.id}>
                    <Table.Td>{apiKey.name}</Table.Td>
                    <Table.Td>
                      <Code>{apiKey.prefix}…</Code>
                    </Table.Td>
                    <Table.Td>{formatDateTime(apiKey.createdAt, language)}</Table.Td>
                    <Table.Td>{apiKey.createdBy ?? '–'}</Table.Td>
                    <Table.Td>{when(apiKey.lastUsedAt, t('integrations.apiKeys.neverUsed'))}</Table.Td>
                    <Table.Td>
                      {apiKey.revokedAt ? (
                        <Badge color="gray" variant="light">
                          {t('integrations.apiKeys.revokedAt', {
                            at: formatDateTime(apiKey.revokedAt, language),
                          })}
                        </Badge>
                      ) : (
                        <Badge color="green" variant="light">
                          {t('integrations.apiKeys.valid')}
                        </Badge>
                      )}
                    </Table.Td>
                    {canChange && (
                      <Table.Td>
                        {!apiKey.revokedAt && (
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            aria-label={t('integrations.apiKeys.revokeNamed', { name: apiKey.name })}
                            onClick={() => {
                              revoke.reset();
                              setRevoking(apiKey);
                            }}
                          >
                            {t('integrations.apiKeys.revoke')}
                          </Button>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <CreatedKeyDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        opened={revoking !== null}
        title={t('integrations.apiKeys.revokeTitle', { name: revoking?.name ?? '' })}
        description={t('integrations.apiKeys.revokeText')}
        confirmText={revoking?.prefix ?? ''}
        confirmLabel={t('integrations.apiKeys.revoke')}
        danger
        busy={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () =>
              notifications.show({ color: 'green', message: t('integrations.apiKeys.revoked') }),
            onSettled: () => setRevoking(null),
          })
        }
      />
    </Paper>
  );
}

/**
 * The new key, shown this once: it is not stored, so once the dialog closes it is gone for good. Closing
 * takes the explicit button, not a stray click beside the dialog.
 */
function CreatedKeyDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title={t('integrations.apiKeys.createdTitle', { name: created?.apiKey.name ?? '' })}
      closeOnClickOutside={false}
      centered
      size="lg"
    >
      {created && (
        <Stack>
          <Alert color="orange" variant="light" title={t('integrations.apiKeys.onceTitle')}>
            {t('integrations.apiKeys.onceText')}
          </Alert>
          <Code block data-testid="created-api-key">
            {created.key}
          </Code>
          <Text size="sm" c="dimmed">
            {t('integrations.apiKeys.usage')}
          </Text>
          <Group justify="flex-end">
            <CopyButton value={created.key}>
              {({ copied, copy }) => (
                <Button variant="light" color={copied ? 'green' : undefined} onClick={copy}>
                  {copied ? t('integrations.apiKeys.copied') : t('integrations.apiKeys.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{t('integrations.apiKeys.done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
