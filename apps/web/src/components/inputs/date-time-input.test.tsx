import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DateTimeInput, instantOf, localParts, type DateTimeInputProps } from './date-time-input';
import { renderControlled } from './test-harness';

type Extra = Partial<Omit<DateTimeInputProps, 'value' | 'onChange' | 'label'>>;

function renderDateTime(initial: string | null = null, props: Extra = {}) {
  return renderControlled<string | null, Extra>(
    initial,
    (controlled, current) => <DateTimeInput label="Beginn" {...controlled} {...current} />,
    { props, language: 'de' },
  );
}

const dateField = () => screen.getByLabelText('Beginn') as HTMLInputElement;
const timeField = () => screen.getByLabelText('Uhrzeit von Beginn') as HTMLInputElement;

describe('instantOf and localParts', () => {
  it('turns a local date and time into the UTC instant and back', () => {
    const instant = instantOf('2025-03-01', '09:30');
    expect(instant).toBe(new Date(2025, 2, 1, 9, 30).toISOString());
    expect(localParts(instant)).toEqual({ date: '2025-03-01', time: '09:30' });
  });

  it('takes a date without a time as midnight, or the end of the minute when asked', () => {
    expect(instantOf('2025-03-01', null)).toBe(new Date(2025, 2, 1).toISOString());
    expect(Date.parse(instantOf('2025-03-01', '23:59', true))).toBe(new Date(2025, 2, 2).getTime() - 1);
  });

  it('has no parts for nothing or an invalid instant', () => {
    expect(localParts(null)).toEqual({ date: null, time: null });
    expect(localParts('yesterday')).toEqual({ date: null, time: null });
  });
});

describe('DateTimeInput', () => {
  it('emits the instant once a date is typed, and again with the time', async () => {
    const { user, lastValue } = await renderDateTime();
    await user.type(dateField(), '01.03.2025');
    expect(lastValue()).toBe(instantOf('2025-03-01', null));
    // The time field stays empty (midnight) and takes the time as typed.
    expect(timeField().value).toBe('');
    await user.type(timeField(), '9:30');
    expect(lastValue()).toBe(instantOf('2025-03-01', '09:30'));
  });

  it('keeps a time typed before the date and combines them', async () => {
    const { user, lastValue, onChange } = await renderDateTime();
    await user.type(timeField(), '18:15');
    expect(onChange).not.toHaveBeenCalled();
    await user.type(dateField(), '02.03.2025');
    expect(lastValue()).toBe(instantOf('2025-03-02', '18:15'));
  });

  it('means the end of the minute for an inclusive end', async () => {
    const { user, lastValue } = await renderDateTime(null, { atEndOfMinute: true });
    await user.type(dateField(), '01.03.2025');
    await user.type(timeField(), '10:00');
    expect(lastValue()).toBe(instantOf('2025-03-01', '10:00', true));
  });

  it('shows a value from outside in local date and time, and null once the date is cleared', async () => {
    const { user, setValue, lastValue } = await renderDateTime();
    setValue(instantOf('2025-03-05', '07:45'));
    expect(dateField().value).toBe('05.03.2025');
    expect(timeField().value).toBe('07:45');
    await user.clear(dateField());
    expect(lastValue()).toBeNull();
  });
});
