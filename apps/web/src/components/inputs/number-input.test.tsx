import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldError } from '../../test/render';
import { NumberInput, parseNumber, type NumberInputProps } from './number-input';
import { renderControlled } from './test-harness';

type Extra = Partial<Omit<NumberInputProps, 'value' | 'onChange'>>;

function renderNumber(initial: number | null = null, props: Extra = {}, language: 'de' | 'en' = 'de') {
  return renderControlled<number | null, Extra>(
    initial,
    (controlled, current) => <NumberInput label="Anzahl" {...controlled} {...current} />,
    { props, language },
  );
}

const input = () => screen.getByLabelText('Anzahl') as HTMLInputElement;

describe('parseNumber', () => {
  it.each([
    ['42', 42],
    ['-3.5', -3.5],
    [' 7 ', 7],
    ['.5', 0.5],
    ['0', 0],
  ])('reads %j as %j', (text, expected) => {
    expect(parseNumber(text)).toBe(expected);
  });

  it.each(['', '   ', 'abc', '12abc', '1,5', '1.2.3', '-', 'Infinity', '1e5x', '1'.padEnd(400, '0')])(
    'reads %j as null',
    (text) => {
      expect(parseNumber(text)).toBeNull();
    },
  );
});

describe('NumberInput', () => {
  it('emits the number typed', async () => {
    const { user, onChange } = await renderNumber();
    await user.type(input(), '12.5');
    expect(onChange).toHaveBeenLastCalledWith(12.5);
    expect(input().value).toBe('12.5');
    expect(input().getAttribute('inputmode')).toBe('decimal');
  });

  it('emits null for non-numeric input, keeping the text for correction', async () => {
    const { user, onChange } = await renderNumber(5);
    await user.clear(input());
    await user.type(input(), '12a');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input().value).toBe('12a');
    await user.type(input(), '{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith(12);
  });

  it('emits null when emptied', async () => {
    const { user, onChange } = await renderNumber(5);
    expect(input().value).toBe('5');
    await user.clear(input());
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('shows a value set from outside', async () => {
    const { setValue } = await renderNumber(1);
    setValue(250);
    expect(input().value).toBe('250');
    setValue(null);
    expect(input().value).toBe('');
  });

  it('validates its rules on input and blur', async () => {
    const { user } = await renderNumber(null, { rules: 'required|minValue:10' });
    expect(fieldError(input())).toBeUndefined();
    fireEvent.blur(input());
    expect(fieldError(input())).toBe('Dieses Feld ist erforderlich.');
    await user.type(input(), '9');
    expect(fieldError(input())).toBe('Der Wert muss mindestens 10 sein.');
    await user.type(input(), '0');
    expect(fieldError(input())).toBeUndefined();
  });

  it('is read-only or disabled on request', async () => {
    const { user, onChange, setProps } = await renderNumber(3, { readOnly: true });
    await user.type(input(), '4');
    expect(input().readOnly).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
    setProps({ disabled: true });
    expect(input().disabled).toBe(true);
  });
});
