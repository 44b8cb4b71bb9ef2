import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldError } from '../../test/render';
import {
  DEFAULT_MAX_HOURS,
  DurationInput,
  durationFromFields,
  filterHours,
  filterMinutes,
  formatDuration,
  parseDuration,
  type DurationInputProps,
} from './duration-input';
import { renderControlled } from './test-harness';

type Extra = Partial<Omit<DurationInputProps, 'value' | 'onChange'>>;

function renderDuration(initial: string | null = null, props: Extra = {}, language: 'de' | 'en' = 'de') {
  return renderControlled<string | null, Extra>(
    initial,
    (controlled, current) => <DurationInput label="Dauer" {...controlled} {...current} />,
    { props, language },
  );
}

const hours = () => screen.getByRole('textbox', { name: 'Stunden' }) as HTMLInputElement;
const minutes = () => screen.getByRole('textbox', { name: 'Minuten' }) as HTMLInputElement;

describe('duration helpers', () => {
  it('caps hours at 99 by default', () => {
    expect(DEFAULT_MAX_HOURS).toBe(99);
    expect(filterHours('150', DEFAULT_MAX_HOURS, false)).toBe('99');
    expect(filterHours('99', DEFAULT_MAX_HOURS, false)).toBe('99');
    expect(filterHours('30', 24, false)).toBe('24');
  });

  it('keeps digits only, and a leading minus only where negatives are allowed', () => {
    expect(filterHours('1a2', 99, false)).toBe('12');
    expect(filterHours('-5', 99, false)).toBe('5');
    expect(filterHours('-5', 99, true)).toBe('-5');
    expect(filterHours('5-', 99, true)).toBe('5');
    expect(filterMinutes('4x5')).toBe('45');
  });

  it('caps minutes at 59 and keeps at most two digits', () => {
    expect(filterMinutes('60')).toBe('59');
    expect(filterMinutes('59')).toBe('59');
    expect(filterMinutes('051')).toBe('05');
  });

  it('is null while either part is empty', () => {
    expect(durationFromFields('', '30')).toBeNull();
    expect(durationFromFields('1', '')).toBeNull();
    expect(durationFromFields('-', '30')).toBeNull();
    expect(durationFromFields('1', '05')).toBe('PT1H5M');
  });

  it('writes the canonical ISO 8601 form, a zero never negative', () => {
    expect(formatDuration({ negative: false, hours: 1, minutes: 5 })).toBe('PT1H5M');
    expect(formatDuration({ negative: true, hours: 0, minutes: 30 })).toBe('-PT0H30M');
    expect(formatDuration({ negative: true, hours: 0, minutes: 0 })).toBe('PT0H0M');
    expect(durationFromFields('-0', '00')).toBe('PT0H0M');
  });

  it('reads ISO 8601 durations of hours and minutes', () => {
    expect(parseDuration('PT1H5M')).toEqual({ negative: false, hours: 1, minutes: 5 });
    expect(parseDuration('PT1H05M')).toEqual({ negative: false, hours: 1, minutes: 5 });
    expect(parseDuration('-PT0H30M')).toEqual({ negative: true, hours: 0, minutes: 30 });
    expect(parseDuration('PT90M')).toEqual({ negative: false, hours: 1, minutes: 30 });
    expect(parseDuration('PT2H')).toEqual({ negative: false, hours: 2, minutes: 0 });
    for (const invalid of [null, '', 'PT', 'P1D', '1:30', 'PT1.5H'])
      expect(parseDuration(invalid)).toBeNull();
  });
});

describe('DurationInput', () => {
  it('emits the ISO duration once both parts are filled, null before', async () => {
    const { user, onChange } = await renderDuration();
    await user.type(hours(), '2');
    expect(onChange).toHaveBeenLastCalledWith(null);
    await user.type(minutes(), '5');
    expect(onChange).toHaveBeenLastCalledWith('PT2H5M');
  });

  it('drops anything but digits as typed', async () => {
    const { user, onChange } = await renderDuration();
    await user.type(hours(), '1a-b2');
    expect(hours().value).toBe('12');
    await user.type(minutes(), 'x3.0');
    expect(minutes().value).toBe('30');
    expect(onChange).toHaveBeenLastCalledWith('PT12H30M');
  });

  it('caps the hours at the maximum (default 99, or maxHours)', async () => {
    const { user, onChange, setProps } = await renderDuration();
    await user.type(hours(), '123');
    expect(hours().value).toBe('99');
    setProps({ maxHours: 8 });
    await user.clear(hours());
    await user.type(hours(), '12');
    expect(hours().value).toBe('8');
    await user.type(minutes(), '0');
    expect(onChange).toHaveBeenLastCalledWith('PT8H0M');
  });

  it('caps minutes at 59 and shows them with two digits', async () => {
    const { user, onChange } = await renderDuration();
    await user.type(hours(), '1');
    await user.type(minutes(), '75');
    expect(minutes().value).toBe('59');
    expect(onChange).toHaveBeenLastCalledWith('PT1H59M');
    await user.clear(minutes());
    await user.type(minutes(), '7');
    fireEvent.blur(minutes());
    expect(minutes().value).toBe('07');
    expect(onChange).toHaveBeenLastCalledWith('PT1H7M');
  });

  it('allows no minus by default', async () => {
    const { user, onChange } = await renderDuration();
    await user.type(hours(), '-1');
    await user.type(minutes(), '30');
    expect(hours().value).toBe('1');
    expect(onChange).toHaveBeenLastCalledWith('PT1H30M');
  });

  it('allows a leading minus where negatives are allowed', async () => {
    const { user, onChange } = await renderDuration(null, { allowNegative: true });
    await user.type(hours(), '-0');
    await user.type(minutes(), '30');
    expect(hours().value).toBe('-0');
    expect(onChange).toHaveBeenLastCalledWith('-PT0H30M');
  });

  it('emits null when a part is emptied again', async () => {
    const { user, onChange } = await renderDuration('PT3H15M');
    await user.clear(minutes());
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(hours().value).toBe('3');
  });

  it('shows a value from outside, minutes with two digits', async () => {
    const { setValue } = await renderDuration('PT1H5M', { allowNegative: true });
    expect([hours().value, minutes().value]).toEqual(['1', '05']);
    setValue('-PT0H30M');
    expect([hours().value, minutes().value]).toEqual(['-0', '30']);
    setValue('PT90M');
    expect([hours().value, minutes().value]).toEqual(['1', '30']);
    setValue(null);
    expect([hours().value, minutes().value]).toEqual(['', '']);
  });

  it('names its fields in English too', async () => {
    await renderDuration('PT1H0M', {}, 'en');
    expect(screen.getByRole('textbox', { name: 'Hours' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Minutes' }) as HTMLInputElement).value).toBe('00');
    expect(screen.getByRole('group', { name: 'Dauer' })).toBeTruthy();
    // The label points to the hours; each part has an id of its own.
    expect(screen.getByLabelText('Dauer', { selector: 'input' })).toBe(
      screen.getByRole('textbox', { name: 'Hours' }),
    );
    expect(screen.getByRole('textbox', { name: 'Minutes' }).id).not.toBe(
      screen.getByLabelText('Dauer', { selector: 'input' }).id,
    );
  });

  it('validates its rules when the field is left, not when moving between its parts', async () => {
    const { user } = await renderDuration(null, { rules: 'required', description: 'Höchstens 99 Stunden' });
    fireEvent.blur(hours(), { relatedTarget: minutes() });
    expect(fieldError(hours())).toBeUndefined();
    expect(screen.getByText('Höchstens 99 Stunden')).toBeTruthy();

    fireEvent.blur(minutes(), { relatedTarget: screen.getByRole('button', { name: 'elsewhere' }) });
    expect(fieldError(hours())).toBe('Dieses Feld ist erforderlich.');
    expect(fieldError(minutes())).toBe('Dieses Feld ist erforderlich.');
    expect(screen.queryByText('Höchstens 99 Stunden')).toBeNull();

    await user.type(hours(), '1');
    await user.type(minutes(), '0');
    expect(fieldError(hours())).toBeUndefined();
  });

  it('is read-only or disabled on request', async () => {
    const { user, onChange, setProps } = await renderDuration('PT1H0M', { readOnly: true });
    await user.type(hours(), '2');
    await user.type(minutes(), '2');
    expect(onChange).not.toHaveBeenCalled();
    setProps({ disabled: true });
    expect(hours().disabled).toBe(true);
    expect(minutes().disabled).toBe(true);
  });
});
