/**
 * The routing rules, in order: the first rule matching a launch wins, a launch no rule matches goes to the
 * default casino. Each rule has a name, the currencies, countries and jurisdictions it matches (an empty
 * list matches any) and the bound casino it routes to; rules move up and down, are added and removed.
 */
import type { RuleTestResult } from '@backoffice/contracts';
import { ActionIcon, Alert, Button, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MultiSelectField, SelectField, TagsField, TextField } from '../../../components/inputs';
import type { Option } from '../api/lookups';
import { emptyRule, normalizeCode } from './form-schema';
import type { CasinoChoices, IntegrationFormState } from './integration-form';
import { RuleTestsSummary } from './rule-tests-editor';

/** Codes as the contract reads them, each once. */
const uniqueCodes = (codes: string[]) => [...new Set(codes.map(normalizeCode))];

interface RulesEditorProps {
  form: IntegrationFormState;
  readOnly: boolean;
  casinoChoices: CasinoChoices;
  jurisdictions: Option[];
  results: RuleTestResult[];
}

export function RulesEditor({ form, readOnly, casinoChoices, jurisdictions, results }: RulesEditorProps) {
  const { t } = useTranslation();
  const { rules } = form.getValues();

  return (
    <Stack>
      <Alert variant="light" color="blue">
        <Text size="sm">{t('integrations.rules.intro')}</Text>
      </Alert>
      <RuleTestsSummary results={results} />
      {rules.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('integrations.rules.none')}
        </Text>
      )}
      {rules.map((rule, index) => {
        const path = `rules.${index}`;
        const number = index + 1;
        const currencies = form.getInputProps(`${path}.currencies`);
        const countries = form.getInputProps(`${path}.countries`);
        return (
          <Fieldset key={index} legend={t('integrations.rules.legend', { number })}>
            <Stack gap="sm">
              <Group align="flex-end" wrap="nowrap">
                <TextField
                  flex={1}
                  label={t('integrations.rules.name')}
                  withAsterisk
                  maxLength={100}
                  readOnly={readOnly}
                  key={form.key(`${path}.name`)}
                  {...form.getInputProps(`${path}.name`)}
                />
                {!readOnly && (
                  <Group gap={4} wrap="nowrap" mb={4}>
                    <ActionIcon
                      variant="subtle"
                      size="lg"
                      disabled={index === 0}
                      aria-label={t('integrations.rules.moveUp', { number })}
                      onClick={() => form.reorderListItem('rules', { from: index, to: index - 1 })}
                    >
                      ↑
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      size="lg"
                      disabled={index === rules.length - 1}
                      aria-label={t('integrations.rules.moveDown', { number })}
                      onClick={() => form.reorderListItem('rules', { from: index, to: index + 1 })}
                    >
                      ↓
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={t('integrations.rules.remove', { number })}
                      onClick={() => form.removeListItem('rules', index)}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                )}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TagsField
                  label={t('integrations.rules.currencies')}
                  description={t('integrations.rules.currenciesHint')}
                  placeholder={readOnly ? undefined : t('integrations.rules.codesPlaceholder')}
                  splitChars={[',', ' ', ';']}
                  clearable={!readOnly}
                  readOnly={readOnly}
                  key={form.key(`${path}.currencies`)}
                  {...currencies}
                  onChange={(codes) => currencies.onChange(uniqueCodes(codes))}
                />
                <TagsField
                  label={t('integrations.rules.countries')}
                  description={t('integrations.rules.countriesHint')}
                  placeholder={readOnly ? undefined : t('integrations.rules.codesPlaceholder')}
                  splitChars={[',', ' ', ';']}
                  clearable={!readOnly}
                  readOnly={readOnly}
                  key={form.key(`${path}.countries`)}
                  {...countries}
                  onChange={(codes) => countries.onChange(uniqueCodes(codes))}
                />
                <MultiSelectField
                  label={t('integrations.rules.jurisdictions')}
                  description={t('integrations.rules.jurisdictionsHint')}
                  placeholder={readOnly ? undefined : t('integrations.rules.jurisdictionsPlaceholder')}
                  data={jurisdictions}
                  searchable
                  clearable={!readOnly}
                  readOnly={readOnly}
                  nothingFoundMessage={t('common.noEntries')}
                  key={form.key(`${path}.jurisdictionIds`)}
                  {...form.getInputProps(`${path}.jurisdictionIds`)}
                />
                <SelectField
                  label={t('integrations.rules.casino')}
                  description={t('integrations.rules.casinoHint')}
                  placeholder={readOnly ? undefined : t('integrations.rules.casinoPlaceholder')}
                  withAsterisk
                  allowDeselect={false}
                  readOnly={readOnly}
                  data={casinoChoices.optionsFor(rule.casinoId)}
                  nothingFoundMessage={t('integrations.bindCasinosFirst')}
                  key={form.key(`${path}.casinoId`)}
                  {...form.getInputProps(`${path}.casinoId`)}
                />
              </SimpleGrid>
            </Stack>
          </Fieldset>
        );
      })}
      {!readOnly && (
        <Group>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => form.insertListItem('rules', { ...emptyRule })}
          >
            {t('integrations.rules.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
