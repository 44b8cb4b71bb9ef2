import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SelectField, SwitchField, TextField } from './fields';
import { NumberInput } from './number-input';
import { ReadOnlyProvider } from './read-only';

function Fields() {
  return (
    <>
      <TextField label="Name" withAsterisk placeholder="e.g. Malta" value="Casino One" onChange={() => {}} />
      <TextField label="Note" value="" onChange={() => {}} />
      <SelectField
        label="Bridge"
        withAsterisk
        data={[{ value: 'b1', label: 'Main bridge' }]}
        value="b1"
        onChange={() => {}}
      />
      <SwitchField label="Active" checked onChange={() => {}} />
      <NumberInput label="Days" value={14} onChange={() => {}} />
    </>
  );
}

const valueOf = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('fields inside a read-only record', () => {
  it('show their values as text, without input boxes, placeholders or required marks', async () => {
    const { container } = await renderWithProviders(
      <ReadOnlyProvider readOnly>
        <Fields />
      </ReadOnlyProvider>,
      { language: 'en' },
    );
    expect(container.querySelector('input, [placeholder]')).toBeNull();
    // What the fields show (Mantine's theme variables come in a <style> of their own).
    const shown = container.cloneNode(true) as HTMLElement;
    shown.querySelectorAll('style').forEach((style) => style.remove());
    expect(shown.textContent).not.toContain('*');
    expect(valueOf('Name')).toBe('Casino One');
    expect(valueOf('Note')).toBe('—');
    expect(valueOf('Bridge')).toBe('Main bridge');
    expect(valueOf('Active')).toBe('Yes');
    expect(valueOf('Days')).toBe('14');
  });

  it('are the ordinary inputs elsewhere', async () => {
    await renderWithProviders(<Fields />, { language: 'de' });
    expect(screen.getAllByRole('textbox')).toHaveLength(3);
    expect(screen.getByRole('switch', { name: 'Active' })).toBeTruthy();
  });
});
