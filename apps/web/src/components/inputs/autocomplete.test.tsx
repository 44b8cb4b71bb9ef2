import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldError } from '../../test/render';
import { Autocomplete, type AutocompleteProps } from './autocomplete';
import { renderControlled } from './test-harness';

type Extra = Partial<Omit<AutocompleteProps, 'value' | 'onChange'>>;

const COUNTRIES = ['Deutschland', 'Malta', 'Österreich', 'Schweiz'];

function renderAutocomplete(initial = '', props: Extra = {}, language: 'de' | 'en' = 'de') {
  return renderControlled<string, Extra>(
    initial,
    (controlled, current) => <Autocomplete label="Land" data={COUNTRIES} {...controlled} {...current} />,
    { props, language },
  );
}

const input = () => screen.getByRole('combobox', { name: 'Land' }) as HTMLInputElement;
const menu = () => screen.queryByRole('listbox');
const elsewhere = () => screen.getByRole('button', { name: 'elsewhere' });

describe('Autocomplete', () => {
  it('opens the menu on focus', async () => {
    const { user } = await renderAutocomplete();
    expect(menu()).toBeNull();
    await user.tab();
    expect(document.activeElement).toBe(input());
    expect(menu()).not.toBeNull();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(COUNTRIES);
  });

  it('closes the menu on Escape', async () => {
    const { user } = await renderAutocomplete();
    await user.click(input());
    expect(menu()).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(input());
  });

  it('closes the menu when the focus leaves', async () => {
    const { user } = await renderAutocomplete();
    await user.click(input());
    expect(menu()).not.toBeNull();
    await user.click(elsewhere());
    expect(menu()).toBeNull();
  });

  it('filters the suggestions and emits the chosen one', async () => {
    const { user, onChange } = await renderAutocomplete();
    await user.type(input(), 'ma');
    expect(onChange).toHaveBeenLastCalledWith('ma');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Malta']);
    await user.click(screen.getByRole('option', { name: 'Malta' }));
    expect(onChange).toHaveBeenLastCalledWith('Malta');
    expect(input().value).toBe('Malta');
  });

  it('validates its rules on blur', async () => {
    await renderAutocomplete('', { rules: 'required' }, 'en');
    fireEvent.blur(input());
    expect(fieldError(input())).toBe('This field is required.');
  });

  it('opens nothing while read-only, and is disabled on request', async () => {
    const { user, onChange, setProps } = await renderAutocomplete('Malta', { readOnly: true });
    await user.click(input());
    expect(menu()).toBeNull();
    await user.type(input(), 'x');
    expect(onChange).not.toHaveBeenCalled();
    setProps({ disabled: true });
    expect(input().disabled).toBe(true);
  });
});
