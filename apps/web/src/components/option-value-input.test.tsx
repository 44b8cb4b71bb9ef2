import { isValidOptionValue, type IntegrationOptionDataType } from '@backoffice/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderControlled } from './inputs/test-harness';
import { numberToOptionValue, OptionValueInput } from './option-value-input';

function renderValue(dataType: IntegrationOptionDataType, initial = '', language: 'de' | 'en' = 'en') {
  return renderControlled<string>(
    initial,
    (controlled) => <OptionValueInput dataType={dataType} label="Value" {...controlled} />,
    { language },
  );
}

const field = () => screen.getByLabelText('Value', { selector: 'input' }) as HTMLInputElement;

/** Every emitted value is empty or fits the option's rules, as the server checks them. */
function expectValid(dataType: IntegrationOptionDataType, value: string | undefined) {
  expect(value === '' || isValidOptionValue(dataType, value ?? ''), `${dataType}: ${value}`).toBe(true);
}

describe('OptionValueInput', () => {
  it('text: emits the text as typed, and the empty string when cleared', async () => {
    const { user, lastValue } = await renderValue('text');
    await user.type(field(), 'Nordlicht Casino');
    expect(lastValue()).toBe('Nordlicht Casino');
    expectValid('text', lastValue());
    await user.clear(field());
    expect(lastValue()).toBe('');
  });

  it('number: emits the number with a dot, the empty string for no number', async () => {
    const { user, lastValue } = await renderValue('number');
    await user.type(field(), '-12.75');
    expect(lastValue()).toBe('-12.75');
    expectValid('number', lastValue());
    await user.clear(field());
    await user.type(field(), 'abc');
    expect(lastValue()).toBe('');
  });

  it('number: shows a stored value and never emits an exponent', async () => {
    await renderValue('number', '0.5');
    expect(field().value).toBe('0.5');
    expect(numberToOptionValue(1e-7)).toBe('0.0000001');
    expect(numberToOptionValue(12)).toBe('12');
    expect(numberToOptionValue(null)).toBe('');
  });

  it('boolean: a switch that emits true and false', async () => {
    const { user, lastValue } = await renderValue('boolean');
    const toggle = screen.getByRole('switch', { name: 'Value' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await user.click(toggle);
    expect(lastValue()).toBe('true');
    await user.click(toggle);
    expect(lastValue()).toBe('false');
    expectValid('boolean', lastValue());
  });

  it('boolean: shows a stored true as switched on', async () => {
    await renderValue('boolean', 'true');
    expect((screen.getByRole('switch', { name: 'Value' }) as HTMLInputElement).checked).toBe(true);
  });

  it('date: reads the language’s short date and emits yyyy-MM-dd', async () => {
    const { lastValue } = await renderValue('date', '', 'de');
    fireEvent.change(field(), { target: { value: '05.03.2025' } });
    expect(lastValue()).toBe('2025-03-05');
    expectValid('date', lastValue());
    fireEvent.change(field(), { target: { value: '' } });
    expect(lastValue()).toBe('');
  });

  it('date: shows a stored date in the language’s format', async () => {
    await renderValue('date', '2025-12-24', 'en');
    expect(field().value).toBe('12/24/2025');
  });

  it('duration: emits PT{h}H{m}M from hours and minutes, negative too, beyond 99 hours', async () => {
    const { user, lastValue } = await renderValue('duration');
    const hours = screen.getByRole('textbox', { name: 'Hours' });
    const minutes = screen.getByRole('textbox', { name: 'Minutes' });
    await user.type(hours, '120');
    await user.type(minutes, '5');
    expect(lastValue()).toBe('PT120H5M');
    expectValid('duration', lastValue());
    await user.clear(hours);
    expect(lastValue()).toBe('');
    await user.type(hours, '-1');
    expect(lastValue()).toBe('-PT1H5M');
    expectValid('duration', lastValue());
  });

  it('currency: emits "EUR 12.50" with two decimals, keeping a stored currency', async () => {
    const { user, lastValue } = await renderValue('currency', '', 'de');
    await user.type(field(), '12,5');
    expect(lastValue()).toBe('EUR 12.50');
    expectValid('currency', lastValue());
    await user.clear(field());
    expect(lastValue()).toBe('');
  });

  it('currency: shows a stored amount and keeps its currency code', async () => {
    const { user, lastValue } = await renderValue('currency', 'USD 3.10', 'en');
    expect(field().value).toBe('3.10');
    expect(screen.getByText('USD')).toBeTruthy();
    await user.clear(field());
    await user.type(field(), '4');
    expect(lastValue()).toBe('USD 4.00');
  });

  it('is read-only where asked', async () => {
    await renderControlled<string>(
      'Brand',
      (controlled) => <OptionValueInput dataType="text" label="Value" readOnly {...controlled} />,
      { language: 'en' },
    );
    expect(field().readOnly).toBe(true);
  });
});
