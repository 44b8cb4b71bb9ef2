import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { monthNames, MonthSelect, type MonthSelectProps } from './month-select';
import { renderControlled } from './test-harness';
import {
  formatYearMonth,
  parseYearMonth,
  YearMonthInput,
  type YearMonthInputProps,
} from './year-month-input';
import { YEAR_SPAN, yearOptions, YearSelect, type YearSelectProps } from './year-select';

const CURRENT_YEAR = 2025;

beforeEach(() => {
  // Only the clock: user-event's timers stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(CURRENT_YEAR, 5, 15, 12));
});
afterEach(() => vi.useRealTimers());

const optionTexts = () =>
  within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('yearOptions', () => {
  it('offers 101 years: next year first, back 100 years from it', () => {
    expect(YEAR_SPAN).toBe(101);
    const years = yearOptions(2025);
    expect(years).toHaveLength(101);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1926);
    expect(years[0]! - years.at(-1)!).toBe(100);
    expect(years.every((year, index) => index === 0 || year === years[index - 1]! - 1)).toBe(true);
  });

  it('counts from the current year by default', () => {
    expect(yearOptions()[0]).toBe(CURRENT_YEAR + 1);
  });
});

describe('monthNames', () => {
  it('names the 12 months in the language', () => {
    expect(monthNames('de')).toEqual([
      'Januar',
      'Februar',
      'März',
      'April',
      'Mai',
      'Juni',
      'Juli',
      'August',
      'September',
      'Oktober',
      'November',
      'Dezember',
    ]);
    expect(monthNames('en')[0]).toBe('January');
    expect(monthNames('en')).toHaveLength(12);
  });
});

describe('parseYearMonth / formatYearMonth', () => {
  it('reads and writes yyyy-MM', () => {
    expect(parseYearMonth('2024-03')).toEqual({ year: 2024, month: 3 });
    expect(formatYearMonth({ year: 2024, month: 3 })).toBe('2024-03');
    for (const invalid of [null, '', '2024-13', '2024-00', '2024-3', '24-03', '2024-03-01'])
      expect(parseYearMonth(invalid)).toBeNull();
  });
});

describe('YearSelect', () => {
  type Extra = Partial<Omit<YearSelectProps, 'value' | 'onChange'>>;
  const renderYear = (initial: number | null = null, props: Extra = {}) =>
    renderControlled<number | null, Extra>(
      initial,
      (controlled, current) => <YearSelect label="Jahr" {...controlled} {...current} />,
      { props },
    );

  it('lists exactly 101 years, from next year down to 99 years ago', async () => {
    const { user } = await renderYear();
    await user.click(screen.getByRole('combobox', { name: 'Jahr' }));
    const years = optionTexts();
    expect(years).toHaveLength(101);
    expect(years[0]).toBe(String(CURRENT_YEAR + 1));
    expect(years.at(-1)).toBe(String(CURRENT_YEAR - 99));
  });

  it('emits the chosen year as a number', async () => {
    const { user, onChange } = await renderYear();
    await user.click(screen.getByRole('combobox', { name: 'Jahr' }));
    await user.click(screen.getByRole('option', { name: '2020' }));
    expect(onChange).toHaveBeenLastCalledWith(2020);
    expect((screen.getByRole('combobox', { name: 'Jahr' }) as HTMLInputElement).value).toBe('2020');
  });

  it('validates its rules on blur', async () => {
    await renderYear(null, { rules: 'required' });
    fireEvent.blur(screen.getByRole('combobox', { name: 'Jahr' }));
    expect(screen.getByText('Dieses Feld ist erforderlich.')).toBeTruthy();
  });
});

describe('MonthSelect', () => {
  type Extra = Partial<Omit<MonthSelectProps, 'value' | 'onChange'>>;
  const renderMonth = (language: 'de' | 'en', props: Extra = {}) =>
    renderControlled<number | null, Extra>(
      null,
      (controlled, current) => <MonthSelect label="Monat" {...controlled} {...current} />,
      { props, language },
    );

  it('lists the 12 months in the UI language and emits 1 to 12', async () => {
    const { user, onChange } = await renderMonth('de');
    await user.click(screen.getByRole('combobox', { name: 'Monat' }));
    expect(optionTexts()).toEqual(monthNames('de'));
    await user.click(screen.getByRole('option', { name: 'Dezember' }));
    expect(onChange).toHaveBeenLastCalledWith(12);
  });

  it('speaks English in English', async () => {
    const { user } = await renderMonth('en');
    await user.click(screen.getByRole('combobox', { name: 'Monat' }));
    expect(optionTexts()).toHaveLength(12);
    expect(optionTexts()[2]).toBe('March');
  });
});

describe('YearMonthInput', () => {
  type Extra = Partial<Omit<YearMonthInputProps, 'value' | 'onChange'>>;
  const renderYearMonth = (initial: string | null = null, props: Extra = {}, language: 'de' | 'en' = 'de') =>
    renderControlled<string | null, Extra>(
      initial,
      (controlled, current) => <YearMonthInput label="Abrechnungsmonat" {...controlled} {...current} />,
      { props, language },
    );
  const month = () => screen.getByRole('combobox', { name: 'Monat' }) as HTMLInputElement;
  const year = () => screen.getByRole('combobox', { name: 'Jahr' }) as HTMLInputElement;

  it('emits yyyy-MM once both are chosen, null before', async () => {
    const { user, onChange } = await renderYearMonth();
    expect(screen.getByRole('group', { name: 'Abrechnungsmonat' })).toBeTruthy();
    await user.click(month());
    await user.click(screen.getByRole('option', { name: 'März' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    await user.click(year());
    await user.click(screen.getByRole('option', { name: '2024' }));
    expect(onChange).toHaveBeenLastCalledWith('2024-03');
  });

  it('shows a value', async () => {
    const { setValue } = await renderYearMonth('2024-11');
    expect([month().value, year().value]).toEqual(['November', '2024']);
    setValue('2023-02');
    expect([month().value, year().value]).toEqual(['Februar', '2023']);
    setValue(null);
    expect([month().value, year().value]).toEqual(['', '']);
  });

  it('names its parts and months in English', async () => {
    await renderYearMonth('2024-11', {}, 'en');
    expect((screen.getByRole('combobox', { name: 'Month' }) as HTMLInputElement).value).toBe('November');
    expect((screen.getByRole('combobox', { name: 'Year' }) as HTMLInputElement).value).toBe('2024');
  });

  it('validates its rules on blur and shows the message under the field', async () => {
    await renderYearMonth(null, { rules: 'required', description: 'Monat der Abrechnung' });
    expect(screen.getByText('Monat der Abrechnung')).toBeTruthy();
    fireEvent.blur(year());
    expect(screen.getByText('Dieses Feld ist erforderlich.')).toBeTruthy();
    expect(screen.queryByText('Monat der Abrechnung')).toBeNull();
    expect(year().getAttribute('aria-invalid')).toBe('true');
  });

  it('is read-only or disabled on request', async () => {
    const { user, onChange, setProps } = await renderYearMonth('2024-11', { readOnly: true });
    await user.click(year());
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    setProps({ disabled: true });
    expect(year().disabled).toBe(true);
    expect(month().disabled).toBe(true);
  });
});
