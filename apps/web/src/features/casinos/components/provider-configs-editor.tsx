/**
 * The casino's settings at game providers (e.g. its account there): one block per provider — the provider,
 * then its settings as key/value rows.
 */
import { ActionIcon, Button, Group, Input, Paper, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/inputs';
import { RecordSelect } from '../../../components/record-select';
import { useProvider, useProviderSearch } from '../api/lookups';
import type { CasinoFormValues } from './form-schema';

interface ProviderConfigsEditorProps {
  form: UseFormReturnType<CasinoFormValues>;
  readOnly: boolean;
}

const emptySetting = { key: '', value: '' };

export function ProviderConfigsEditor({ form, readOnly }: ProviderConfigsEditorProps) {
  const { t } = useTranslation();
  const rows = form.getValues().providerConfigs;

  return (
    <Input.Wrapper
      label={t('casinos.fields.providerConfigs')}
      description={t('casinos.providerConfigs.hint')}
    >
      <Stack gap="sm" mt={4}>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('casinos.providerConfigs.none')}
          </Text>
        )}
        {rows.map((row, index) => {
          const path = `providerConfigs.${index}`;
          const provider = row.providerId ?? '…';
          return (
            <Paper key={index} withBorder p="sm" data-testid="provider-config">
              <Group align="flex-end" wrap="nowrap" gap="xs">
                <RecordSelect
                  flex={1}
                  label={t('casinos.providerConfigs.provider')}
                  placeholder={t('casinos.providerConfigs.providerPlaceholder')}
                  withAsterisk
                  readOnly={readOnly}
                  useSearch={useProviderSearch}
                  useRecord={useProvider}
                  toOption={(found) => ({ value: found.id, label: found.name })}
                  key={form.key(`${path}.providerId`)}
                  {...form.getInputProps(`${path}.providerId`)}
                  value={row.providerId}
                />
                {!readOnly && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mb={2}
                    aria-label={t('casinos.providerConfigs.remove', { provider })}
                    onClick={() => form.removeListItem('providerConfigs', index)}
                  >
                    ×
                  </ActionIcon>
                )}
              </Group>
              <Stack gap="xs" mt="xs" pl="md">
                {row.config.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {t('casinos.providerConfigs.noSettings')}
                  </Text>
                )}
                {row.config.map((setting, settingIndex) => {
                  const settingPath = `${path}.config.${settingIndex}`;
                  const key = setting.key.trim() || '…';
                  return (
                    <Group key={settingIndex} align="flex-start" wrap="nowrap" gap="xs">
                      <TextField
                        aria-label={t('casinos.providerConfigs.settingKey', { provider })}
                        placeholder={t('casinos.providerConfigs.settingKeyPlaceholder')}
                        w={220}
                        maxLength={100}
                        readOnly={readOnly}
                        key={form.key(`${settingPath}.key`)}
                        {...form.getInputProps(`${settingPath}.key`)}
                      />
                      <TextField
                        aria-label={t('casinos.providerConfigs.settingValue', { provider, key })}
                        placeholder={t('properties.valuePlaceholder')}
                        style={{ flex: 1 }}
                        maxLength={2000}
                        readOnly={readOnly}
                        key={form.key(`${settingPath}.value`)}
                        {...form.getInputProps(`${settingPath}.value`)}
                      />
                      {!readOnly && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          aria-label={t('casinos.providerConfigs.removeSetting', { provider, key })}
                          onClick={() => form.removeListItem(`${path}.config`, settingIndex)}
                        >
                          ×
                        </ActionIcon>
                      )}
                    </Group>
                  );
                })}
                {!readOnly && (
                  <Group>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() => form.insertListItem(`${path}.config`, { ...emptySetting })}
                    >
                      {t('casinos.providerConfigs.addSetting', { provider })}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Paper>
          );
        })}
        {!readOnly && (
          <Group>
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() =>
                form.insertListItem('providerConfigs', { providerId: null, config: [{ ...emptySetting }] })
              }
            >
              {t('casinos.providerConfigs.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
