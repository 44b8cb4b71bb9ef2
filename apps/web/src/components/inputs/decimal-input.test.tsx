import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldError } from '../../test/render';
import {
  DecimalInput,
  DEFAULT_DECIMALS,
  formatDecimal,
  parseDecimal,
  roundTo,
  type DecimalInputProps,
} from './decimal-input';
import { renderControlled } from './test-harness';

type Extra = Partial<Omit<DecimalInputProps, 'value' | 'onChange'>>;

function renderDecimal(initial: number | null = null, props: Extra = {}, language: 'de' | 'en' = 'de') {
  return renderControlled<number | null, Extra>(
    initial,
    (controlled, current) => <DecimalInput label="Betrag" {...controlled} {...current} />,
    { props, language },
  );
}

const input = () => screen.getByLabelText('Betrag') as HTMLInputElement;

describe('decimal helpers', () => {
  it('has two decimals by default', () => {
    expect(DEFAULT_DECIMALS).toBe(2);
    expect(parseDecimal('1.239')).toBe(1.24);
  });

  it('reads a comma or a dot as the decimal separator', () => {
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal('12.5')).toBe(12.5);
    expect(parseDecimal(',5')).toBe(0.5);
    expect(parseDecimal('-0,75')).toBe(-0.75);
  });

  it('rounds half away from zero to the decimals, without binary surprises', () => {
    expect(parseDecimal('1,005')).toBe(1.01);
    expect(parseDecimal('-1,005')).toBe(-1.01);
    expect(parseDecimal('2,5', 0)).toBe(3);
    expect(parseDecimal('1.23456', 3)).toBe(1.235);
    expect(roundTo(1.255, 2)).toBe(1.26);
    expect(Object.is(roundTo(-0.001, 2), 0)).toBe(true);
  });

  it.each(['', '  ', 'abc', '1,2,3', '1.2,3', '12x', ',', '-'])('reads %j as null', (text) => {
    expect(parseDecimal(text)).toBeNull();
  });

  it('formats in the locale', () => {
    expect(formatDecimal(1.5, 'de')).toBe('1,5');
    expect(formatDecimal(1.5, 'en')).toBe('1.5');
    expect(formatDecimal(1234.567, 'de')).toBe('1234,57');
    expect(formatDecimal(null, 'de')).toBe('');
  });
});

describe('DecimalInput', () => {
  it('emits the number for a comma entry, rounded to two decimals', async () => {
    const { user, onChange } = await renderDecimal();
    await user.type(input(), '3,14159');
    expect(onChange).toHaveBeenLastCalledWith(3.14);
    expect(input().value).toBe('3,14159');
  });

  it('shows the rounded value once the field is left', async () => {
    const { user, onChange } = await renderDecimal();
    await user.type(input(), '1.239');
    fireEvent.blur(input());
    expect(onChange).toHaveBeenLastCalledWith(1.24);
    expect(input().value).toBe('1,24');
  });

  it('limits to the decimals given', async () => {
    const { user, onChange } = await renderDecimal(null, { decimals: 3 });
    await user.type(input(), '2,71828');
    expect(onChange).toHaveBeenLastCalledWith(2.718);
  });

  it('emits null on non-numeric or empty input', async () => {
    const { user, onChange } = await renderDecimal(2.5);
    expect(input().value).toBe('2,5');
    await user.type(input(), 'x');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input().value).toBe('2,5x');
    await user.clear(input());
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('shows values in the UI language', async () => {
    await renderDecimal(0.5, {}, 'en');
    expect(input().value).toBe('0.5');
  });

  it('validates its rules', async () => {
    const { user } = await renderDecimal(null, { rules: 'maxValue:10' }, 'en');
    await user.type(input(), '10,01');
    expect(fieldError(input())).toBe('The value must be at most 10.');
  });

  it('is read-only or disabled on request', async () => {
    const { user, onChange, setProps } = await renderDecimal(1, { readOnly: true });
    await user.type(input(), '2');
    expect(onChange).not.toHaveBeenCalled();
    setProps({ disabled: true });
    expect(input().disabled).toBe(true);
  });
});
