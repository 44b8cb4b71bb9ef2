import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_RULE_MESSAGE_KEY,
  isEmail,
  isEmailList,
  isMissing,
  numericValue,
  parseRules,
  RulesSyntaxError,
  validateValue,
  type RuleSet,
} from './rules';

describe('parseRules', () => {
  it('splits at "|" into names with an optional argument after ":"', () => {
    expect(parseRules('required|email:multiple|max:50|min:3')).toEqual([
      { name: 'required' },
      { name: 'email', arg: 'multiple' },
      { name: 'max', arg: '50' },
      { name: 'min', arg: '3' },
    ]);
  });

  it('ignores blanks and empty segments, and reads no rule from an empty or missing string', () => {
    expect(parseRules(' required | | min : 3 |')).toEqual([{ name: 'required' }, { name: 'min', arg: '3' }]);
    expect(parseRules('')).toEqual([]);
    expect(parseRules(undefined)).toEqual([]);
  });

  it('keeps a colon inside the argument', () => {
    const custom: RuleSet = { after: { test: () => true, acceptsArg: () => true } };
    expect(parseRules('after:12:30', custom)).toEqual([{ name: 'after', arg: '12:30' }]);
  });

  it.each([
    ['an unknown rule', 'required|emial'],
    ['min without a count', 'min'],
    ['min with a non-number', 'min:three'],
    ['max with a negative count', 'max:-1'],
    ['minValue without a number', 'minValue:x'],
    ['an unknown option of email', 'email:many'],
    ['an unknown option of required', 'required:yes'],
    ['an argument for a rule that takes none', 'integer:1'],
  ])('throws for %s', (_kind, rules) => {
    expect(() => parseRules(rules)).toThrow(RulesSyntaxError);
  });
});

describe('isMissing (what required rejects)', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an empty array', []],
    ['an empty string', ''],
    ['a blank string', ' \t\n '],
  ])('counts %s as missing', (_kind, value) => {
    expect(isMissing(value)).toBe(true);
  });

  it.each([
    ['false', false],
    ['0', 0],
    ['a text', 'a'],
    ['an array with an item', [0]],
  ])('counts %s as present', (_kind, value) => {
    expect(isMissing(value)).toBe(false);
  });

  it('counts false as missing only when false is not allowed', () => {
    expect(isMissing(false, { allowFalse: false })).toBe(true);
    expect(isMissing(true, { allowFalse: false })).toBe(false);
  });
});

describe('required', () => {
  it.each([null, undefined, [], '', '   '])('fails for %j with the required message', (value) => {
    expect(validateValue(value, 'required')).toEqual({
      rule: 'required',
      arg: undefined,
      message: { key: 'inputs.rules.required' },
    });
  });

  it('allows false by default', () => {
    expect(validateValue(false, 'required')).toBeNull();
  });

  it('rejects false with required:notFalse (a box that must be ticked), accepts true', () => {
    expect(validateValue(false, 'required:notFalse')?.rule).toBe('required');
    expect(validateValue(true, 'required:notFalse')).toBeNull();
    expect(validateValue(null, 'required:notFalse')?.rule).toBe('required');
  });

  it('accepts a present value', () => {
    expect(validateValue('x', 'required')).toBeNull();
    expect(validateValue(0, 'required')).toBeNull();
    expect(validateValue(['a'], 'required')).toBeNull();
  });
});

describe('email', () => {
  it.each(['anna@example.com', 'a.b+c@mail.example.de'])('accepts %s', (value) => {
    expect(isEmail(value)).toBe(true);
    expect(validateValue(value, 'email')).toBeNull();
  });

  it.each([
    'anna',
    'anna@',
    '@example.com',
    'anna@example',
    'an na@example.com',
    'anna@@example.com',
    'a@b..de',
  ])('rejects %s with the e-mail message', (value) => {
    expect(validateValue(value, 'email')).toEqual({
      rule: 'email',
      arg: undefined,
      message: { key: 'inputs.rules.email' },
    });
  });

  it('rejects a list without the multiple option', () => {
    expect(validateValue('a@example.com,b@example.com', 'email')?.rule).toBe('email');
  });

  it.each(['a@example.com', 'a@example.com,b@example.com', 'a@example.com , b@example.com,  c@example.org'])(
    'accepts the list %j with email:multiple (blanks around commas allowed)',
    (value) => {
      expect(isEmailList(value)).toBe(true);
      expect(validateValue(value, 'email:multiple')).toBeNull();
    },
  );

  it.each([
    'a@example.com,',
    'a@example.com,,b@example.com',
    'a@example.com; b@example.com',
    'a@example.com, nope',
  ])('rejects the list %j with the message for lists', (value) => {
    expect(validateValue(value, 'email:multiple')).toEqual({
      rule: 'email',
      arg: 'multiple',
      message: { key: 'inputs.rules.emailMultiple' },
    });
  });

  it('rejects a value that is not text', () => {
    expect(validateValue(42, 'email')?.rule).toBe('email');
  });
});

describe('min and max (length)', () => {
  it('counts characters against the bounds, both inclusive', () => {
    expect(validateValue('ab', 'min:3')).toEqual({
      rule: 'min',
      arg: '3',
      message: { key: 'inputs.rules.min', values: { count: 3 } },
    });
    expect(validateValue('abc', 'min:3')).toBeNull();
    expect(validateValue('abcd', 'max:3')).toEqual({
      rule: 'max',
      arg: '3',
      message: { key: 'inputs.rules.max', values: { count: 3 } },
    });
    expect(validateValue('abc', 'max:3')).toBeNull();
  });

  it('counts the items of an array', () => {
    expect(validateValue(['a'], 'min:2')?.rule).toBe('min');
    expect(validateValue(['a', 'b'], 'min:2|max:2')).toBeNull();
    expect(validateValue(['a', 'b', 'c'], 'max:2')?.rule).toBe('max');
  });
});

describe('minValue, maxValue and integer', () => {
  it('checks numbers against the bounds, both inclusive', () => {
    expect(validateValue(4.99, 'minValue:5')).toEqual({
      rule: 'minValue',
      arg: '5',
      message: { key: 'inputs.rules.minValue', values: { min: '5' } },
    });
    expect(validateValue(5, 'minValue:5|maxValue:10')).toBeNull();
    expect(validateValue(10, 'minValue:5|maxValue:10')).toBeNull();
    expect(validateValue(10.01, 'maxValue:10')).toEqual({
      rule: 'maxValue',
      arg: '10',
      message: { key: 'inputs.rules.maxValue', values: { max: '10' } },
    });
    expect(validateValue(-3, 'minValue:-2.5')?.rule).toBe('minValue');
  });

  it('reads numeric strings and currency values', () => {
    expect(numericValue('12.5')).toBe(12.5);
    expect(numericValue('EUR 12.50')).toBe(12.5);
    expect(numericValue('12,5')).toBeUndefined();
    expect(validateValue('EUR 0.00', 'minValue:0.01')?.rule).toBe('minValue');
    expect(validateValue('EUR 0.01', 'minValue:0.01')).toBeNull();
  });

  it('fails a value that is not a number', () => {
    expect(validateValue('abc', 'minValue:0')?.rule).toBe('minValue');
    expect(validateValue('abc', 'maxValue:0')?.rule).toBe('maxValue');
  });

  it('integer accepts whole numbers only', () => {
    expect(validateValue(3, 'integer')).toBeNull();
    expect(validateValue('3', 'integer')).toBeNull();
    expect(validateValue(3.5, 'integer')).toEqual({
      rule: 'integer',
      arg: undefined,
      message: { key: 'inputs.rules.integer' },
    });
  });
});

describe('validateValue', () => {
  it('lets every rule but required pass an empty value', () => {
    for (const value of [null, undefined, '', '  ', []]) {
      expect(validateValue(value, 'email|min:3|max:1|minValue:5|maxValue:1|integer')).toBeNull();
    }
  });

  it('reports the first failing rule in the order written', () => {
    expect(validateValue('ab', 'min:5|email')?.rule).toBe('min');
    expect(validateValue('ab', 'email|min:5')?.rule).toBe('email');
    expect(validateValue('', 'email|required')?.rule).toBe('required');
  });

  it('stops at the first failing rule: later rules are not evaluated', () => {
    const later = vi.fn(() => true);
    const exploding = vi.fn((): boolean => {
      throw new Error('must not be evaluated');
    });
    const custom: RuleSet = { later: { test: later }, exploding: { test: exploding } };
    expect(validateValue('ab', 'required|min:3|later|exploding', custom)?.rule).toBe('min');
    expect(later).not.toHaveBeenCalled();
    expect(exploding).not.toHaveBeenCalled();
  });

  it('evaluates every rule of a passing value, in order', () => {
    const calls: string[] = [];
    const custom: RuleSet = {
      first: { test: () => (calls.push('first'), true) },
      second: { test: () => (calls.push('second'), true) },
    };
    expect(validateValue('abc', 'first|second', custom)).toBeNull();
    expect(calls).toEqual(['first', 'second']);
  });

  it('gives a rule without a message of its own the default "not valid" message', () => {
    const custom: RuleSet = { even: { test: (value) => Number(value) % 2 === 0 } };
    expect(validateValue(3, 'even', custom)).toEqual({
      rule: 'even',
      arg: undefined,
      message: { key: DEFAULT_RULE_MESSAGE_KEY },
    });
    expect(DEFAULT_RULE_MESSAGE_KEY).toBe('inputs.rules.invalid');
    expect(validateValue(4, 'even', custom)).toBeNull();
  });

  it('passes the argument to a custom rule and lets it bring its own text', () => {
    const custom: RuleSet = {
      startsWith: {
        acceptsArg: (arg) => !!arg,
        test: (value, arg) => String(value).startsWith(arg!),
        message: (arg) => `Must start with ${arg}.`,
      },
    };
    expect(validateValue('xyz', 'startsWith:ab', custom)?.message).toBe('Must start with ab.');
    expect(validateValue('abc', 'startsWith:ab', custom)).toBeNull();
  });

  it('skips empty values for a custom rule unless it checks empty values', () => {
    const test = vi.fn(() => false);
    expect(validateValue('', 'custom', { custom: { test } })).toBeNull();
    expect(test).not.toHaveBeenCalled();
    expect(validateValue('', 'custom', { custom: { test, checksEmpty: true } })?.rule).toBe('custom');
  });

  it('lets a custom rule replace a built-in one of the same name', () => {
    const custom: RuleSet = { email: { test: (value) => String(value).endsWith('@corp.example') } };
    expect(validateValue('anna@example.com', 'email', custom)?.message).toEqual({
      key: DEFAULT_RULE_MESSAGE_KEY,
    });
    expect(validateValue('anna@corp.example', 'email', custom)).toBeNull();
  });
});
