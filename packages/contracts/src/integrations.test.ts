import { describe, expect, it } from 'vitest';
import {
  integrationCreateSchema,
  integrationUpdateSchema,
  routeLaunch,
  runRuleTests,
  type RoutingRule,
  type RuleTest,
} from './integrations';

const MALTA = '11111111-1111-4111-8111-111111111111';
const GERMANY = '22222222-2222-4222-8222-222222222222';

const rule = (name: string, casinoId: string, lists: Partial<RoutingRule> = {}): RoutingRule => ({
  name,
  currencies: [],
  countries: [],
  jurisdictionIds: [],
  casinoId,
  ...lists,
});

const rules: RoutingRule[] = [
  rule('Swiss francs', 'casino-ch', { currencies: ['CHF'] }),
  rule('Germany in euro', 'casino-de', { currencies: ['EUR'], countries: ['DE', 'AT'] }),
  rule('Malta', 'casino-mt', { jurisdictionIds: [MALTA] }),
  rule('Anything in euro', 'casino-eu', { currencies: ['EUR'] }),
];

describe('routeLaunch', () => {
  it('routes to the casino of the first rule whose every non-empty list matches', () => {
    expect(routeLaunch(rules, 'casino-default', { currency: 'CHF', country: 'DE' })).toEqual({
      casinoId: 'casino-ch',
      ruleIndex: 0,
    });
    expect(routeLaunch(rules, 'casino-default', { currency: 'EUR', country: 'AT' })).toEqual({
      casinoId: 'casino-de',
      ruleIndex: 1,
    });
  });

  it('lets the first match win over later ones that match too', () => {
    // "Germany in euro" and "Anything in euro" both match; the earlier one wins.
    expect(routeLaunch(rules, null, { currency: 'EUR', country: 'DE' }).ruleIndex).toBe(1);
    const swapped = [rules[3]!, rules[1]!];
    expect(routeLaunch(swapped, null, { currency: 'EUR', country: 'DE' })).toEqual({
      casinoId: 'casino-eu',
      ruleIndex: 0,
    });
  });

  it('needs every non-empty list to match: a launch without the value does not match a list', () => {
    // EUR from France: not "Germany in euro", but "Anything in euro".
    expect(routeLaunch(rules, null, { currency: 'EUR', country: 'FR' })).toEqual({
      casinoId: 'casino-eu',
      ruleIndex: 3,
    });
    // No country given: a rule that lists countries does not match.
    expect(routeLaunch(rules.slice(0, 2), 'casino-default', { currency: 'EUR' })).toEqual({
      casinoId: 'casino-default',
      ruleIndex: null,
    });
    expect(routeLaunch(rules, null, { jurisdictionId: MALTA, currency: 'USD' })).toEqual({
      casinoId: 'casino-mt',
      ruleIndex: 2,
    });
    expect(routeLaunch(rules, null, { jurisdictionId: GERMANY, currency: 'USD' }).ruleIndex).toBeNull();
  });

  it('matches everything with a rule whose lists are all empty', () => {
    expect(routeLaunch([rule('catch-all', 'casino-any')], 'casino-default', {})).toEqual({
      casinoId: 'casino-any',
      ruleIndex: 0,
    });
  });

  it('falls back to the default casino when no rule matches, and to no casino without a default', () => {
    expect(routeLaunch(rules, 'casino-default', { currency: 'USD', country: 'US' })).toEqual({
      casinoId: 'casino-default',
      ruleIndex: null,
    });
    expect(routeLaunch(rules, null, { currency: 'USD' })).toEqual({ casinoId: null, ruleIndex: null });
    expect(routeLaunch([], null, {})).toEqual({ casinoId: null, ruleIndex: null });
  });
});

describe('runRuleTests', () => {
  const tests: RuleTest[] = [
    { name: 'Swiss player', launch: { currency: 'CHF' }, expectedCasinoId: 'casino-ch' },
    { name: 'Austrian in euro', launch: { currency: 'EUR', country: 'AT' }, expectedCasinoId: 'casino-de' },
    { name: 'Dollar goes nowhere', launch: { currency: 'USD' }, expectedCasinoId: null },
    { name: 'Wrong expectation', launch: { currency: 'EUR', country: 'FR' }, expectedCasinoId: 'casino-de' },
  ];

  it('answers one result per test, in order, with where the launch went and by which rule', () => {
    expect(runRuleTests(rules, null, tests)).toEqual([
      {
        index: 0,
        name: 'Swiss player',
        expectedCasinoId: 'casino-ch',
        actualCasinoId: 'casino-ch',
        ruleIndex: 0,
        passed: true,
      },
      {
        index: 1,
        name: 'Austrian in euro',
        expectedCasinoId: 'casino-de',
        actualCasinoId: 'casino-de',
        ruleIndex: 1,
        passed: true,
      },
      {
        index: 2,
        name: 'Dollar goes nowhere',
        expectedCasinoId: null,
        actualCasinoId: null,
        ruleIndex: null,
        passed: true,
      },
      {
        index: 3,
        name: 'Wrong expectation',
        expectedCasinoId: 'casino-de',
        actualCasinoId: 'casino-eu',
        ruleIndex: 3,
        passed: false,
      },
    ]);
  });

  it('fails a test expecting no casino once a default catches the launch', () => {
    const [result] = runRuleTests(rules, 'casino-default', [tests[2]!]);
    expect(result).toMatchObject({ actualCasinoId: 'casino-default', ruleIndex: null, passed: false });
  });

  it('answers nothing for no tests', () => {
    expect(runRuleTests(rules, null, [])).toEqual([]);
  });
});

describe('integration schemas', () => {
  const persistence = {
    persistPlayer: true,
    persistGameRound: true,
    saveGameRoundDetails: false,
    gameRoundTtlDays: 90,
    loseDetailsTtlDays: null,
    winDetailsTtlDays: null,
    bigWinDetailsTtlDays: null,
  };
  const body = {
    id: 'platform-eu',
    name: 'Platform EU',
    bridgeId: '33333333-3333-4333-8333-333333333333',
    gameClientIntegrationUrl: '',
    casinoIds: ['casino-de', 'casino-eu'],
    defaultCasinoId: 'casino-eu',
    gameRoundValidityPeriodDays: null,
    properties: {},
    persistence,
    rules: [rule('Germany', 'casino-de', { countries: ['de'], currencies: [' eur '] })],
    ruleTests: [{ name: 'German', launch: { country: 'de' }, expectedCasinoId: 'casino-de' }],
  };

  it('accepts a valid integration, normalising codes to upper case', () => {
    const parsed = integrationCreateSchema.parse(body);
    expect(parsed.rules[0]).toMatchObject({ countries: ['DE'], currencies: ['EUR'] });
    expect(parsed.ruleTests[0]!.launch).toEqual({ country: 'DE' });
  });

  it('refuses a default, a rule casino or an expected casino that is not bound', () => {
    const result = integrationUpdateSchema.safeParse({
      ...body,
      id: undefined,
      version: 1,
      casinoIds: ['casino-other'],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'defaultCasinoId',
      'ruleTests.0.expectedCasinoId',
      'rules.0.casinoId',
    ]);
  });

  it('refuses a casino bound twice and bad codes', () => {
    const result = integrationCreateSchema.safeParse({
      ...body,
      casinoIds: ['casino-de', 'casino-de', 'casino-eu'],
      rules: [rule('Bad', 'casino-de', { currencies: ['EURO'], countries: ['D'] })],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'casinoIds',
      'rules.0.countries.0',
      'rules.0.currencies.0',
    ]);
  });
});
