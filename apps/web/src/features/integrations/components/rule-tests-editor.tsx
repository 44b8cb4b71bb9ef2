/**
 * The rule tests: each a sample launch (currency, country, jurisdiction; empty ones not set) and the
 * casino it must reach, or none. Each shows live whether it passes: what it expects, what the rules give,
 * and which rule matched.
 */
import type { RuleTestResult } from '@backoffice/contracts';
import { ActionIcon, Alert, Badge, Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../components/inputs';
import type { Option } from '../api/lookups';
import { emptyRuleTest, normalizeCode } from './form-schema';
import type { CasinoChoices, IntegrationFormState } from './integration-form';

/** The expected-casino option for "no casino" (a Select value cannot be null). */
const NO_CASINO = '\u0000none';

/**
 * A width in which a select shows the longest of its texts (options, placeholder, label) in full, in any
 * language: a fixed width cut German labels off. Room is left for the padding and the chevron or clear
 * button; never below `min` pixels nor wider than the row.
 */
export function fitWidth(texts: readonly string[], min: number) {
  const longest = Math.max(0, ...texts.map((text) => text.length));
  return { width: `calc(${longest + 2}ch + 48px)`, minWidth: min, maxWidth: '100%' };
}

/** A badge keeps its whole text: beside a long line it must not be squeezed to "BESTAND…". */
const WHOLE_BADGE = { flexShrink: 0 } as const;

interface RuleTestsEditorProps {
  form: IntegrationFormState;
  readOnly: boolean;
  casinoChoices: CasinoChoices;
  jurisdictions: Option[];
  results: RuleTestResult[];
}

export function RuleTestsEditor({
  form,
  readOnly,
  casinoChoices,
  jurisdictions,
  results,
}: RuleTestsEditorProps) {
  const { t } = useTranslation();
  const { ruleTests, rules } = form.getValues();
  const casinoText = (casinoId: string | null) => {
    if (casinoId === null) return t('integrations.tests.noCasino');
    // A matching rule that names no casino yet routes nowhere.
    if (casinoId === '') return t('integrations.tests.ruleWithoutCasino');
    return casinoChoices.labelOf(casinoId);
  };

  return (
    <Stack>
      <Alert variant="light" color="blue">
        <Text size="sm">{t('integrations.tests.intro')}</Text>
      </Alert>
      <RuleTestsSummary results={results} />
      {ruleTests.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('integrations.tests.none')}
        </Text>
      )}
      {ruleTests.map((test, index) => {
        const path = `ruleTests.${index}`;
        const number = index + 1;
        const result = results[index];
        const currency = form.getInputProps(`${path}.currency`);
        const country = form.getInputProps(`${path}.country`);
        const expected = form.getInputProps(`${path}.expectedCasinoId`);
        const matchedRule = result && result.ruleIndex !== null ? rules[result.ruleIndex] : undefined;
        const expectedOptions = [
          { value: NO_CASINO, label: t('integrations.tests.noCasino') },
          ...casinoChoices.optionsFor(test.expectedCasinoId),
        ];
        return (
          <Fieldset key={index} legend={t('integrations.tests.legend', { number })}>
            <Stack gap="sm">
              <Group align="flex-start" wrap="wrap">
                <TextField
                  w={220}
                  label={t('integrations.tests.name')}
                  withAsterisk
                  maxLength={100}
                  readOnly={readOnly}
                  key={form.key(`${path}.name`)}
                  {...form.getInputProps(`${path}.name`)}
                />
                <TextField
                  w={110}
                  label={t('integrations.tests.currency')}
                  placeholder="EUR"
                  maxLength={3}
                  readOnly={readOnly}
                  key={form.key(`${path}.currency`)}
                  {...currency}
                  onChange={(event) => currency.onChange(normalizeCode(event.currentTarget.value))}
                />
                <TextField
                  w={110}
                  label={t('integrations.tests.country')}
                  placeholder="DE"
                  maxLength={2}
                  readOnly={readOnly}
                  key={form.key(`${path}.country`)}
                  {...country}
                  onChange={(event) => country.onChange(normalizeCode(event.currentTarget.value))}
                />
                <SelectField
                  style={fitWidth(
                    [
                      t('integrations.tests.jurisdiction'),
                      t('integrations.tests.notSet'),
                      ...jurisdictions.map((option) => option.label),
                    ],
                    200,
                  )}
                  label={t('integrations.tests.jurisdiction')}
                  placeholder={t('integrations.tests.notSet')}
                  data={jurisdictions}
                  searchable
                  clearable={!readOnly}
                  readOnly={readOnly}
                  nothingFoundMessage={t('common.noEntries')}
                  key={form.key(`${path}.jurisdictionId`)}
                  {...form.getInputProps(`${path}.jurisdictionId`)}
                />
                <SelectField
                  style={fitWidth(
                    [t('integrations.tests.expected'), ...expectedOptions.map((option) => option.label)],
                    240,
                  )}
                  label={t('integrations.tests.expected')}
                  allowDeselect={false}
                  readOnly={readOnly}
                  data={expectedOptions}
                  key={form.key(`${path}.expectedCasinoId`)}
                  {...expected}
                  value={test.expectedCasinoId ?? NO_CASINO}
                  onChange={(value) => expected.onChange(value === NO_CASINO ? null : value)}
                />
                {!readOnly && (
                  <ActionIcon
                    mt={26}
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('integrations.tests.remove', { number })}
                    onClick={() => form.removeListItem('ruleTests', index)}
                  >
                    ×
                  </ActionIcon>
                )}
              </Group>
              {result && (
                <Group gap="xs" wrap="nowrap" align="flex-start" data-testid={`rule-test-result-${number}`}>
                  <Badge color={result.passed ? 'green' : 'red'} variant="light" style={WHOLE_BADGE}>
                    {result.passed ? t('integrations.tests.passed') : t('integrations.tests.failed')}
                  </Badge>
                  <Text size="sm">
                    {t('integrations.tests.result', {
                      expected: casinoText(result.expectedCasinoId),
                      actual: casinoText(result.actualCasinoId),
                    })}{' '}
                    ·{' '}
                    {matchedRule
                      ? t('integrations.tests.matchedRule', {
                          number: result.ruleIndex! + 1,
                          name: matchedRule.name.trim() || t('integrations.unnamed'),
                        })
                      : t('integrations.tests.noRuleMatched')}
                  </Text>
                </Group>
              )}
            </Stack>
          </Fieldset>
        );
      })}
      {!readOnly && (
        <Group>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => form.insertListItem('ruleTests', { ...emptyRuleTest })}
          >
            {t('integrations.tests.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** How many tests pass: green when all do, red otherwise; nothing without tests. */
export function RuleTestsSummary({
  results,
  compact = false,
}: {
  results: RuleTestResult[];
  compact?: boolean;
}) {
  const { t } = useTranslation();
  if (results.length === 0) return null;
  const passed = results.filter((result) => result.passed).length;
  const all = passed === results.length;
  const text = t('integrations.tests.summary', { passed, count: results.length });
  if (compact) {
    return (
      <Badge size="xs" color={all ? 'green' : 'red'} variant="light" aria-label={text} style={WHOLE_BADGE}>
        {passed}/{results.length}
      </Badge>
    );
  }
  return (
    <Group gap="xs" data-testid="rule-tests-summary">
      <Badge color={all ? 'green' : 'red'} variant="light" style={WHOLE_BADGE}>
        {all ? t('integrations.tests.allPass') : t('integrations.tests.someFail')}
      </Badge>
      <Text size="sm">{text}</Text>
    </Group>
  );
}
