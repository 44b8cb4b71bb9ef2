import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldError } from '../../test/render';
import { renderControlled } from './test-harness';
import { parseTime, TimeInput, type TimeInputProps } from './time-input';

type Extra = Partial<Omit<TimeInputProps, 'value' | 'onChange'>>;

function renderTime(initial: string | null = null, props: Extra = {}, language: 'de' | 'en' = 'de') {
  return renderControlled<string | null, Extra>(
    initial,
    (controlled, current) => <TimeInput label="Uhrzeit" {...controlled} {...current} />,
    { props, language },
  );
}

const input = () => screen.getByLabelText('Uhrzeit') as HTMLInputElement;

describe('parseTime', () => {
  it.each([
    ['09:05', '09:05'],
    ['9:05', '09:05'],
    ['23:59', '23:59'],
    ['00:00', '00:00'],
    [' 12:30 ', '12:30'],
  ])('reads %j as %j', (text, expected) => {
    expect(parseTime(text)).toBe(expected);
  });

  it.each(['', '24:00', '12:60', '12:5', '1230', '12:30:00', 'ab:cd', '-1:00', '123:00'])(
    'yields null for the invalid time %j',
    (text) => {
      expect(parseTime(text)).toBeNull();
    },
  );

  it('reads seconds when the field has them', () => {
    expect(parseTime('12:30:15', true)).toBe('12:30:15');
    expect(parseTime('12:30', true)).toBe('12:30:00');
    expect(parseTime('12:30:60', true)).toBeNull();
  });
});

describe('TimeInput', () => {
  it('emits the ISO time typed', async () => {
    const { user, onChange } = await renderTime();
    await user.type(input(), '14:45');
    expect(onChange).toHaveBeenLastCalledWith('14:45');
  });

  it('emits null for an invalid time, keeping the text', async () => {
    const { user, onChange } = await renderTime('10:00');
    await user.clear(input());
    await user.type(input(), '25:00');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input().value).toBe('25:00');
  });

  it('shows a valid entry in the canonical form on blur', async () => {
    const { user, onChange } = await renderTime();
    await user.type(input(), '7:05');
    fireEvent.blur(input());
    expect(onChange).toHaveBeenLastCalledWith('07:05');
    expect(input().value).toBe('07:05');
  });

  it('takes seconds with withSeconds', async () => {
    const { user, onChange } = await renderTime(null, { withSeconds: true });
    await user.type(input(), '07:05:09');
    expect(onChange).toHaveBeenLastCalledWith('07:05:09');
  });

  it('shows a value from outside', async () => {
    const { setValue } = await renderTime('08:15');
    expect(input().value).toBe('08:15');
    setValue('18:00');
    expect(input().value).toBe('18:00');
  });

  it('validates its rules', async () => {
    const { user } = await renderTime(null, { rules: 'required' });
    await user.type(input(), '99');
    expect(fieldError(input())).toBe('Dieses Feld ist erforderlich.');
  });

  it('is read-only or disabled on request', async () => {
    const { user, onChange, setProps } = await renderTime('08:15', { readOnly: true });
    await user.type(input(), '1');
    expect(onChange).not.toHaveBeenCalled();
    setProps({ disabled: true });
    expect(input().disabled).toBe(true);
  });
});
