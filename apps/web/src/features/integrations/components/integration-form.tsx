/**
 * An integration's settings in sections (tabs): general, persistence, properties, routing rules and their
 * tests. The tests run live on every change; saving waits until all pass (the server refuses too). A tab
 * whose fields have errors says how many; saving with errors opens the first such tab.
 */
import { CODE_ID_MAX, INTEGRATION_NAME_MAX, type IntegrationCreate } from '@backoffice/contracts';
import { Badge, Button, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MultiSelectField,
  NumberInput,
  SelectField,
  SwitchField,
  TextField,
} from '../../../components/inputs';
import { PropertiesEditor } from '../../../components/properties-editor';
import { RecordForm } from '../../../components/record-form';
import { useBridgeOptions, useCasinoOptions, useJurisdictionOptions, type Option } from '../api/lookups';
import { integrationFormSchema, liveRuleTests, type IntegrationFormValues } from './form-schema';
import { RuleTestsEditor, RuleTestsSummary } from './rule-tests-editor';
import { RulesEditor } from './rules-editor';

export type IntegrationFormState = UseFormReturnType<IntegrationFormValues>;

/** The casinos rules and tests may name: the bound ones, and a stale choice marked as not bound. */
export interface CasinoChoices {
  labelOf: (casinoId: string) => string;
  optionsFor: (current: string | null) => Option[];
}

const tabs = ['general', 'persistence', 'properties', 'rules', 'tests'] as const;
type Tab = (typeof tabs)[number];

/** The tab a form field (error key) belongs to. */
function tabOf(path: string): Tab {
  if (path.startsWith('persistence')) return 'persistence';
  if (path.startsWith('properties')) return 'properties';
  if (path.startsWith('ruleTests')) return 'tests';
  if (path.startsWith('rules')) return 'rules';
  return 'general';
}

interface IntegrationFormProps {
  initialValues: IntegrationFormValues;
  /** Editing a stored integration: the id is its key and cannot change. */
  editing?: boolean;
  /** The integration's bridge, labelled even when the bridge options do not hold it. */
  knownBridge?: { id: string; name: string } | undefined;
  submitLabel: string;
  confirmText: (values: IntegrationCreate) => string;
  onSave: (values: IntegrationCreate) => Promise<unknown>;
  onReload?: () => void;
  readOnly?: boolean;
}

export function IntegrationForm({
  readOnly = false,
  editing = false,
  knownBridge,
  submitLabel,
  ...props
}: IntegrationFormProps) {
  return (
    <RecordForm
      schema={integrationFormSchema}
      fieldErrors={{ INTEGRATION_ID_TAKEN: 'id' }}
      // The form's own save button (below) waits for the rule tests: the frame's button is not shown.
      withSubmit={false}
      submitLabel={submitLabel}
      readOnly={readOnly}
      maw={960}
      {...props}
    >
      {(form) => (
        <IntegrationFields
          form={form}
          editing={editing}
          knownBridge={knownBridge}
          readOnly={readOnly}
          submitLabel={submitLabel}
        />
      )}
    </RecordForm>
  );
}

interface IntegrationFieldsProps {
  form: IntegrationFormState;
  editing: boolean;
  knownBridge: { id: string; name: string } | undefined;
  readOnly: boolean;
  submitLabel: string;
}

function IntegrationFields({ form, editing, knownBridge, readOnly, submitLabel }: IntegrationFieldsProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('general');
  const values = form.getValues();
  const casinos = useCasinoOptions().data ?? [];
  const bridges = withUnknown(
    useBridgeOptions().data ?? [],
    knownBridge ? [knownBridge.id] : [],
    () => knownBridge?.name ?? '',
  );
  const jurisdictions = withUnknown(
    useJurisdictionOptions().data ?? [],
    [
      ...values.rules.flatMap((rule) => rule.jurisdictionIds),
      ...values.ruleTests.flatMap((test) => (test.jurisdictionId ? [test.jurisdictionId] : [])),
    ],
    (id) => id,
  );
  const results = liveRuleTests(values);
  const failing = results.filter((result) => !result.passed);

  const labelOf = (casinoId: string) =>
    casinos.find((option) => option.value === casinoId)?.label ?? casinoId;
  const bound = values.casinoIds.map((casinoId) => ({ value: casinoId, label: labelOf(casinoId) }));
  const casinoChoices: CasinoChoices = {
    labelOf,
    optionsFor: (current) =>
      current && !values.casinoIds.includes(current)
        ? [...bound, { value: current, label: t('integrations.notBoundLabel', { label: labelOf(current) }) }]
        : bound,
  };

  const errorCount = (of: Tab) => Object.keys(form.errors).filter((path) => tabOf(path) === of).length;
  const tabLabel = (of: Tab) => {
    const count = errorCount(of);
    return (
      <Group gap={6} wrap="nowrap">
        {t(`integrations.tabs.${of}`)}
        {count > 0 && (
          <Badge size="xs" color="red" circle aria-label={t('integrations.tabErrors', { count })}>
            {count}
          </Badge>
        )}
        {of === 'tests' && <RuleTestsSummary results={results} compact />}
      </Group>
    );
  };

  return (
    <>
      <Tabs value={tab} onChange={(next) => next && setTab(next as Tab)} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map((of) => (
            <Tabs.Tab key={of} value={of}>
              {tabLabel(of)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="general">
          <GeneralFields
            form={form}
            editing={editing}
            readOnly={readOnly}
            casinos={withUnknown(casinos, values.casinoIds, (id) => id)}
            casinoChoices={casinoChoices}
            bridges={bridges}
          />
        </Tabs.Panel>
        <Tabs.Panel value="persistence">
          <PersistenceFields form={form} readOnly={readOnly} />
        </Tabs.Panel>
        <Tabs.Panel value="properties">
          <PropertiesEditor form={form} readOnly={readOnly} />
        </Tabs.Panel>
        <Tabs.Panel value="rules">
          <RulesEditor
            form={form}
            readOnly={readOnly}
            casinoChoices={casinoChoices}
            jurisdictions={jurisdictions}
            results={results}
          />
        </Tabs.Panel>
        <Tabs.Panel value="tests">
          <RuleTestsEditor
            form={form}
            readOnly={readOnly}
            casinoChoices={casinoChoices}
            jurisdictions={jurisdictions}
            results={results}
          />
        </Tabs.Panel>
      </Tabs>
      {!readOnly && (
        <Stack gap="xs">
          <Group>
            <Button
              type="submit"
              disabled={failing.length > 0}
              onClick={() => {
                // The frame validates again on submit; this only opens the first tab with an error.
                const { errors } = form.validate();
                const first = tabs.find((of) => Object.keys(errors).some((path) => tabOf(path) === of));
                if (first) setTab(first);
              }}
            >
              {submitLabel}
            </Button>
          </Group>
          {failing.length > 0 && (
            <Text size="sm" c="red" data-testid="save-blocked">
              {t('integrations.tests.saveBlocked', {
                count: failing.length,
                names: failing
                  .map(
                    (result) =>
                      result.name.trim() || t('integrations.tests.legend', { number: result.index + 1 }),
                  )
                  .join(', '),
              })}
            </Text>
          )}
        </Stack>
      )}
    </>
  );
}

/** The options, plus an option (labelled by `label`) for each id they do not hold. */
function withUnknown(options: Option[], ids: readonly string[], label: (id: string) => string): Option[] {
  const missing = [...new Set(ids)].filter((id) => !options.some((option) => option.value === id));
  return missing.length === 0
    ? options
    : [...options, ...missing.map((id) => ({ value: id, label: label(id) }))];
}

interface GeneralFieldsProps {
  form: IntegrationFormState;
  editing: boolean;
  readOnly: boolean;
  bridges: Option[];
  casinos: Option[];
  casinoChoices: CasinoChoices;
}

function GeneralFields({ form, editing, readOnly, bridges, casinos, casinoChoices }: GeneralFieldsProps) {
  const { t } = useTranslation();
  const values = form.getValues();
  const casinoIds = form.getInputProps('casinoIds');
  const validity = form.getInputProps('gameRoundValidityPeriodDays');

  return (
    <Stack>
      <TextField
        label={t('integrations.fields.id')}
        description={editing ? t('integrations.idFixed') : t('integrations.idHint')}
        withAsterisk={!editing}
        maxLength={CODE_ID_MAX}
        readOnly={readOnly || editing}
        key={form.key('id')}
        {...form.getInputProps('id')}
      />
      <TextField
        label={t('integrations.fields.name')}
        withAsterisk
        maxLength={INTEGRATION_NAME_MAX}
        readOnly={readOnly}
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      <SelectField
        label={t('integrations.fields.bridge')}
        placeholder={readOnly ? undefined : t('integrations.bridgePlaceholder')}
        withAsterisk
        searchable
        readOnly={readOnly}
        data={bridges}
        nothingFoundMessage={t('common.noEntries')}
        key={form.key('bridgeId')}
        {...form.getInputProps('bridgeId')}
      />
      <TextField
        label={t('integrations.fields.gameClientIntegrationUrl')}
        placeholder="https://"
        maxLength={2000}
        readOnly={readOnly}
        key={form.key('gameClientIntegrationUrl')}
        {...form.getInputProps('gameClientIntegrationUrl')}
      />
      <MultiSelectField
        label={t('integrations.fields.casinos')}
        description={t('integrations.casinosHint')}
        placeholder={readOnly ? undefined : t('integrations.casinosPlaceholder')}
        data={casinos}
        searchable
        clearable={!readOnly}
        readOnly={readOnly}
        nothingFoundMessage={t('common.noEntries')}
        key={form.key('casinoIds')}
        {...casinoIds}
        onChange={(next) => {
          casinoIds.onChange(next);
          // The default must be one of the bound casinos: unbinding it leaves no default.
          if (values.defaultCasinoId !== null && !next.includes(values.defaultCasinoId)) {
            form.setFieldValue('defaultCasinoId', null);
          }
        }}
      />
      <SelectField
        label={t('integrations.fields.defaultCasino')}
        description={t('integrations.defaultCasinoHint')}
        placeholder={readOnly ? undefined : t('integrations.defaultCasinoPlaceholder')}
        clearable={!readOnly}
        readOnly={readOnly}
        data={casinoChoices.optionsFor(values.defaultCasinoId)}
        nothingFoundMessage={t('integrations.bindCasinosFirst')}
        key={form.key('defaultCasinoId')}
        {...form.getInputProps('defaultCasinoId')}
      />
      <NumberInput
        label={t('integrations.fields.gameRoundValidityPeriodDays')}
        description={t('integrations.validityPeriodHint')}
        inputMode="numeric"
        rightSection={t('integrations.days')}
        rightSectionWidth={56}
        readOnly={readOnly}
        key={form.key('gameRoundValidityPeriodDays')}
        {...validity}
        value={values.gameRoundValidityPeriodDays}
      />
    </Stack>
  );
}

const ttlFields = [
  ['gameRoundTtlDays', 'persistGameRound'],
  ['loseDetailsTtlDays', 'saveGameRoundDetails'],
  ['winDetailsTtlDays', 'saveGameRoundDetails'],
  ['bigWinDetailsTtlDays', 'saveGameRoundDetails'],
] as const;

function PersistenceFields({ form, readOnly }: { form: IntegrationFormState; readOnly: boolean }) {
  const { t } = useTranslation();
  const { persistence } = form.getValues();
  return (
    <Stack>
      {(['persistPlayer', 'persistGameRound', 'saveGameRoundDetails'] as const).map((flag) => (
        <SwitchField
          key={form.key(`persistence.${flag}`)}
          label={t(`integrations.persistence.${flag}`)}
          disabled={readOnly}
          {...form.getInputProps(`persistence.${flag}`, { type: 'checkbox' })}
        />
      ))}
      <Text size="sm" c="dimmed">
        {t('integrations.persistence.ttlIntro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {ttlFields.map(([field, flag]) => (
          <NumberInput
            key={form.key(`persistence.${field}`)}
            label={t(`integrations.persistence.${field}`)}
            description={t('integrations.persistence.ttlHint')}
            placeholder={t('integrations.persistence.forever')}
            inputMode="numeric"
            rightSection={t('integrations.days')}
            rightSectionWidth={56}
            readOnly={readOnly}
            // Kept, but without effect, while what it limits is not stored at all.
            disabled={!persistence[flag]}
            {...form.getInputProps(`persistence.${field}`)}
            value={persistence[field]}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
