/**
 * The integration form's values and their check. Selects and numbers are `null` while empty, properties
 * are key/value rows, a rule test's launch is three plain fields; all become the contract's shape. The
 * rule tests run live on the values as typed (`liveRuleTests`), with the contract's `runRuleTests`.
 */
import {
  currencyCodePattern,
  integrationCreateSchema,
  routingRuleSchema,
  ruleTestSchema,
  RULES_MAX,
  runRuleTests,
  type Integration,
  type IntegrationCreate,
  type LaunchParameters,
  type RoutingRule,
  type RuleTestResult,
} from '@backoffice/contracts';
import { z } from 'zod';
import { i18n } from '../../../i18n';
import { propertyRowsOf, propertyRowsSchema, required, withPatternMessage } from '../../../lib/form-schemas';

const fields = integrationCreateSchema.shape;
const ruleFields = routingRuleSchema.shape;

const CURRENCY = currencyCodePattern;
const COUNTRY = /^[A-Z]{2}$/;

/** How codes are kept: trimmed, upper case (as the contract reads them). */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

/** A list of codes (currencies, countries): each must fit `pattern`; the first that does not is named. */
function codeList(pattern: RegExp, message: (value: string) => string) {
  return z.array(z.string()).superRefine((codes, ctx) => {
    const invalid = codes.find((code) => !pattern.test(normalizeCode(code)));
    if (invalid !== undefined) ctx.addIssue({ code: 'custom', message: message(invalid), input: codes });
  });
}

/** One code of a test's launch, or nothing (empty). */
function optionalCode(pattern: RegExp, message: () => string) {
  return z.string().refine((code) => code.trim() === '' || pattern.test(normalizeCode(code)), {
    error: message,
  });
}

const ruleSchema = z.object({
  name: ruleFields.name,
  currencies: codeList(CURRENCY, (value) => i18n.t('integrations.rules.currencyPattern', { value })).pipe(
    ruleFields.currencies,
  ),
  countries: codeList(COUNTRY, (value) => i18n.t('integrations.rules.countryPattern', { value })).pipe(
    ruleFields.countries,
  ),
  jurisdictionIds: ruleFields.jurisdictionIds,
  casinoId: required(ruleFields.casinoId),
});

export type RuleFormValues = z.input<typeof ruleSchema>;

/** A launch as the contract takes it: empty fields are left out. */
function launchOf(currency: string, country: string, jurisdictionId: string | null): LaunchParameters {
  const launch: LaunchParameters = {};
  if (currency.trim()) launch.currency = normalizeCode(currency);
  if (country.trim()) launch.country = normalizeCode(country);
  if (jurisdictionId) launch.jurisdictionId = jurisdictionId;
  return launch;
}

const ruleTestFormSchema = z
  .object({
    name: ruleTestSchema.shape.name,
    currency: optionalCode(CURRENCY, () => i18n.t('integrations.tests.currencyPattern')),
    country: optionalCode(COUNTRY, () => i18n.t('integrations.tests.countryPattern')),
    jurisdictionId: z.string().nullable(),
    expectedCasinoId: ruleTestSchema.shape.expectedCasinoId,
  })
  .transform(({ name, currency, country, jurisdictionId, expectedCasinoId }) => ({
    name,
    launch: launchOf(currency, country, jurisdictionId),
    expectedCasinoId,
  }))
  .pipe(ruleTestSchema);

export type RuleTestFormValues = z.input<typeof ruleTestFormSchema>;

const url = z
  .string()
  .trim()
  .refine((value) => fields.gameClientIntegrationUrl.safeParse(value).success, {
    error: () => i18n.t('integrations.urlInvalid'),
  })
  .pipe(fields.gameClientIntegrationUrl);

export const integrationFormSchema = z
  .object({
    id: withPatternMessage(fields.id, () => i18n.t('integrations.idPattern')),
    name: fields.name,
    bridgeId: required(fields.bridgeId),
    gameClientIntegrationUrl: url,
    casinoIds: fields.casinoIds,
    defaultCasinoId: fields.defaultCasinoId,
    gameRoundValidityPeriodDays: fields.gameRoundValidityPeriodDays,
    properties: propertyRowsSchema.pipe(fields.properties),
    persistence: fields.persistence,
    rules: z.array(ruleSchema).max(RULES_MAX),
    ruleTests: z.array(ruleTestFormSchema).max(RULES_MAX),
  })
  .superRefine((value, ctx) => {
    // Rules, tests and the default may only name bound casinos (as the contract says), worded here.
    const bound = new Set(value.casinoIds);
    const notBound = (path: (string | number)[]) =>
      ctx.addIssue({ code: 'custom', path, message: i18n.t('integrations.notBound'), input: value });
    if (value.defaultCasinoId !== null && !bound.has(value.defaultCasinoId)) notBound(['defaultCasinoId']);
    value.rules.forEach((rule, index) => {
      if (!bound.has(rule.casinoId)) notBound(['rules', index, 'casinoId']);
    });
    value.ruleTests.forEach((test, index) => {
      if (test.expectedCasinoId !== null && !bound.has(test.expectedCasinoId)) {
        notBound(['ruleTests', index, 'expectedCasinoId']);
      }
    });
    // The save button waits for passing tests; this keeps any other way of submitting from saving.
    if (runRuleTests(value.rules, value.defaultCasinoId, value.ruleTests).some((result) => !result.passed)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ruleTests'],
        message: i18n.t('integrations.tests.failing'),
        input: value,
      });
    }
  }) satisfies z.ZodType<IntegrationCreate>;

export type IntegrationFormValues = z.input<typeof integrationFormSchema>;

export const emptyRule: RuleFormValues = {
  name: '',
  currencies: [],
  countries: [],
  jurisdictionIds: [],
  casinoId: null,
};

export const emptyRuleTest: RuleTestFormValues = {
  name: '',
  currency: '',
  country: '',
  jurisdictionId: null,
  expectedCasinoId: null,
};

export const emptyIntegrationForm: IntegrationFormValues = {
  id: '',
  name: '',
  bridgeId: null,
  gameClientIntegrationUrl: '',
  casinoIds: [],
  defaultCasinoId: null,
  gameRoundValidityPeriodDays: null,
  properties: [],
  persistence: {
    persistPlayer: true,
    persistGameRound: true,
    saveGameRoundDetails: false,
    gameRoundTtlDays: null,
    loseDetailsTtlDays: null,
    winDetailsTtlDays: null,
    bigWinDetailsTtlDays: null,
  },
  rules: [],
  ruleTests: [],
};

/** A stored integration as form values. */
export function integrationFormValues(integration: Integration): IntegrationFormValues {
  return {
    id: integration.id,
    name: integration.name,
    bridgeId: integration.bridgeId,
    gameClientIntegrationUrl: integration.gameClientIntegrationUrl,
    casinoIds: integration.casinoIds,
    defaultCasinoId: integration.defaultCasinoId,
    gameRoundValidityPeriodDays: integration.gameRoundValidityPeriodDays,
    properties: propertyRowsOf(integration.properties),
    persistence: integration.persistence,
    rules: integration.rules.map((rule) => ({ ...rule })),
    ruleTests: integration.ruleTests.map((test) => ({
      name: test.name,
      currency: test.launch.currency ?? '',
      country: test.launch.country ?? '',
      jurisdictionId: test.launch.jurisdictionId ?? null,
      expectedCasinoId: test.expectedCasinoId,
    })),
  };
}

/**
 * Every test against the rules as they are typed now. A rule without a casino yet routes to `''` (no
 * casino id), so a test it matches fails until the rule names one.
 */
export function liveRuleTests(values: IntegrationFormValues): RuleTestResult[] {
  const rules: RoutingRule[] = values.rules.map((rule) => ({
    name: rule.name,
    currencies: rule.currencies.map(normalizeCode),
    countries: rule.countries.map(normalizeCode),
    jurisdictionIds: rule.jurisdictionIds,
    casinoId: rule.casinoId ?? '',
  }));
  const tests = values.ruleTests.map((test) => ({
    name: test.name,
    launch: launchOf(test.currency, test.country, test.jurisdictionId),
    expectedCasinoId: test.expectedCasinoId,
  }));
  return runRuleTests(rules, values.defaultCasinoId, tests);
}
