import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldError } from '../../test/render';
import {
  DateInput,
  formatShortDate,
  isIsoDate,
  MAX_DATE_YEAR,
  parseShortDate,
  shortDateFormat,
  type DateInputProps,
} from './date-input';
import { renderControlled } from './test-harness';

type Extra = Partial<Omit<DateInputProps, 'value' | 'onChange'>>;

function renderDate(initial: string | null = null, props: Extra = {}, language: 'de' | 'en' = 'de') {
  return renderControlled<string | null, Extra>(
    initial,
    (controlled, current) => <DateInput label="Datum" {...controlled} {...current} />,
    { props, language },
  );
}

const input = () => screen.getByLabelText('Datum') as HTMLInputElement;
const picker = () => screen.queryByRole('dialog');
const elsewhere = () => screen.getByRole('button', { name: 'elsewhere' });

describe('short date format', () => {
  it('derives order and separator from the locale', () => {
    expect(shortDateFormat('de-DE')).toEqual({ order: ['day', 'month', 'year'], separator: '.' });
    expect(shortDateFormat('en-US')).toEqual({ order: ['month', 'day', 'year'], separator: '/' });
    expect(shortDateFormat('en')).toEqual({ order: ['month', 'day', 'year'], separator: '/' });
    // Not a per-language table: British English puts the day first.
    expect(shortDateFormat('en-GB')).toEqual({ order: ['day', 'month', 'year'], separator: '/' });
  });

  it('parses dd.MM.yyyy in German and MM/dd/yyyy in English, to yyyy-MM-dd', () => {
    expect(parseShortDate('05.03.2024', 'de-DE')).toBe('2024-03-05');
    expect(parseShortDate(' 5.3.2024 ', 'de-DE')).toBe('2024-03-05');
    expect(parseShortDate('03/05/2024', 'en-US')).toBe('2024-03-05');
    expect(parseShortDate('05/03/2024', 'en-GB')).toBe('2024-03-05');
    expect(parseShortDate('29.02.2024', 'de-DE')).toBe('2024-02-29');
  });

  it.each([
    ['a day that does not exist', '31.02.2024'],
    ['no leap day', '29.02.2023'],
    ['month 13', '01.13.2024'],
    ['day 0', '00.01.2024'],
    ['an incomplete date', '05.03.'],
    ['a two-digit year', '05.03.24'],
    ['a year above 9999', '01.01.10000'],
    ['the other order', '2024.03.05'],
    ['another separator', '05/03/2024'],
    ['letters', 'heute'],
  ])('ignores %s (%s)', (_kind, text) => {
    expect(parseShortDate(text, 'de-DE')).toBeNull();
  });

  it('accepts years up to 9999', () => {
    expect(MAX_DATE_YEAR).toBe(9999);
    expect(parseShortDate('31.12.9999', 'de-DE')).toBe('9999-12-31');
  });

  it('formats a value with two-digit day and month', () => {
    expect(formatShortDate('2024-03-05', 'de-DE')).toBe('05.03.2024');
    expect(formatShortDate('2024-03-05', 'en-US')).toBe('03/05/2024');
    expect(formatShortDate(null, 'de-DE')).toBe('');
    expect(isIsoDate('2024-02-30')).toBe(false);
  });
});

describe('DateInput', () => {
  it('emits yyyy-MM-dd for a date typed in the German format', async () => {
    const { user, onChange } = await renderDate();
    await user.type(input(), '05.03.2024');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith('2024-03-05');
    expect(input().placeholder).toBe('TT.MM.JJJJ');
  });

  it('reads and shows the English format in English', async () => {
    const { user, onChange, setValue } = await renderDate(null, {}, 'en');
    await user.type(input(), '03/05/2024');
    expect(onChange).toHaveBeenLastCalledWith('2024-03-05');
    expect(input().placeholder).toBe('MM/DD/YYYY');
    fireEvent.blur(input());
    setValue('2023-12-24');
    expect(input().value).toBe('12/24/2023');
  });

  it('ignores an invalid date: no change is emitted', async () => {
    const { user, onChange } = await renderDate('2024-01-10');
    await user.type(input(), '31.02.2024', { initialSelectionStart: 0, initialSelectionEnd: 10 });
    expect(input().value).toBe('31.02.2024');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('ignores a year above 9999', async () => {
    const { onChange } = await renderDate('2024-01-10');
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: '01.01.10000' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input(), { target: { value: '01.01.9999' } });
    expect(onChange).toHaveBeenLastCalledWith('9999-01-01');
  });

  it('reverts an invalid entry to the last valid value on blur', async () => {
    const { user, onChange } = await renderDate('2024-01-10');
    await user.type(input(), '05.03.2024', { initialSelectionStart: 0, initialSelectionEnd: 10 });
    expect(onChange).toHaveBeenLastCalledWith('2024-03-05');
    await user.type(input(), '99.99', { initialSelectionStart: 0, initialSelectionEnd: 10 });
    expect(input().value).toBe('99.99');
    await user.click(elsewhere());
    expect(input().value).toBe('05.03.2024');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('emits null when the text is cleared', async () => {
    const { user, onChange } = await renderDate('2024-01-10');
    await user.clear(input());
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('opens the picker on focus and closes it on Escape', async () => {
    const { user } = await renderDate('2024-01-10');
    expect(picker()).toBeNull();
    await user.click(input());
    expect(picker()).not.toBeNull();
    // The picker shows the month of the value, named in the UI language.
    expect(within(picker()!).getByText('Januar 2024')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(picker()).toBeNull();
    expect(document.activeElement).toBe(input());
  });

  it('closes the picker when the focus leaves the field', async () => {
    const { user } = await renderDate();
    await user.tab();
    expect(document.activeElement).toBe(input());
    expect(picker()).not.toBeNull();
    await user.click(elsewhere());
    expect(picker()).toBeNull();
  });

  it('names the picker’s arrows and shows only the month’s own days', async () => {
    const { user } = await renderDate('2024-01-10');
    await user.click(input());
    // January 2024 starts on a Monday and ends on a Wednesday: no day of December or February is shown
    // (greyed out they would be unreadable, 2.4:1).
    const days = within(picker()!).getAllByRole('button', { name: /^\d+ \p{L}+ 2024$/u });
    expect(days).toHaveLength(31);
    expect(days.every((day) => day.getAttribute('aria-label')?.includes('Januar'))).toBe(true);
    await user.click(within(picker()!).getByRole('button', { name: 'Nächster Monat' }));
    expect(within(picker()!).getByText('Februar 2024')).toBeTruthy();
    await user.click(within(picker()!).getByRole('button', { name: 'Vorheriger Monat' }));
    await user.click(within(picker()!).getByText('Januar 2024'));
    expect(within(picker()!).getByRole('button', { name: 'Nächstes Jahr' })).toBeTruthy();
  });

  it('emits the day picked in the picker and keeps the focus in the field', async () => {
    const { user, onChange } = await renderDate('2024-01-10');
    await user.click(input());
    await user.click(within(picker()!).getByRole('button', { name: /^15/ }));
    expect(onChange).toHaveBeenLastCalledWith('2024-01-15');
    expect(input().value).toBe('15.01.2024');
    expect(document.activeElement).toBe(input());
    expect(picker()).not.toBeNull();
  });

  it('has Reset and Done buttons: Reset clears the value, Done closes the picker', async () => {
    const { user, onChange } = await renderDate('2024-01-10');
    await user.click(input());
    await user.click(within(picker()!).getByRole('button', { name: 'Zurücksetzen' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input().value).toBe('');
    await user.click(within(picker()!).getByRole('button', { name: 'Fertig' }));
    expect(picker()).toBeNull();
  });

  it('labels the buttons in English, and takes other labels', async () => {
    const { user, setProps } = await renderDate(null, {}, 'en');
    await user.click(input());
    expect(within(picker()!).getByRole('button', { name: 'Reset' })).toBeTruthy();
    expect(within(picker()!).getByRole('button', { name: 'Done' })).toBeTruthy();
    setProps({ resetLabel: 'Clear', doneLabel: 'OK' });
    expect(within(picker()!).getByRole('button', { name: 'Clear' })).toBeTruthy();
    expect(within(picker()!).getByRole('button', { name: 'OK' })).toBeTruthy();
  });

  it('validates its rules on blur', async () => {
    const { user } = await renderDate(null, { rules: 'required' }, 'en');
    await user.click(input());
    await user.click(elsewhere());
    expect(fieldError(input())).toBe('This field is required.');
  });

  it('opens no picker and takes no input while read-only', async () => {
    const { user, onChange } = await renderDate('2024-01-10', { readOnly: true });
    await user.click(input());
    expect(picker()).toBeNull();
    await user.type(input(), '1');
    expect(onChange).not.toHaveBeenCalled();
    expect(input().value).toBe('10.01.2024');
  });

  it('is disabled on request', async () => {
    const { user } = await renderDate('2024-01-10', { disabled: true });
    expect(input().disabled).toBe(true);
    await user.click(input());
    expect(picker()).toBeNull();
  });
});
