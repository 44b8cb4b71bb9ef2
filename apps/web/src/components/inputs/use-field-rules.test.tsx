import { TextInput } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fieldError } from '../../test/render';
import type { RuleSet } from './rules';
import { renderControlled } from './test-harness';
import { useFieldRules } from './use-field-rules';

interface FieldOptions {
  rules?: string;
  description?: ReactNode;
  error?: ReactNode;
  customRules?: RuleSet;
}

/** A plain text field validated by the hook, as the inputs of this folder use it. */
function RulesField({
  value,
  onChange,
  ...options
}: FieldOptions & { value: string; onChange: (value: string) => void }) {
  const field = useFieldRules({ value, ...options });
  return (
    <TextInput
      label="Name"
      {...field.wrapperProps}
      value={value}
      onChange={(event) => {
        field.touch();
        onChange(event.currentTarget.value);
      }}
      onBlur={field.touch}
    />
  );
}

function renderField(props: FieldOptions, options: { language?: 'de' | 'en'; initial?: string } = {}) {
  return renderControlled<string, FieldOptions>(
    options.initial ?? '',
    (controlled, current) => <RulesField {...controlled} {...current} />,
    { props, language: options.language ?? 'de' },
  );
}

const input = () => screen.getByLabelText('Name') as HTMLInputElement;

describe('useFieldRules', () => {
  it('validates nothing before the first input or blur', async () => {
    const test = vi.fn(() => false);
    await renderField({ rules: 'required|check', customRules: { check: { test, checksEmpty: true } } });
    expect(fieldError(input())).toBeUndefined();
    expect(screen.queryByText('Dieses Feld ist erforderlich.')).toBeNull();
    expect(test).not.toHaveBeenCalled();
  });

  it('validates on blur', async () => {
    await renderField({ rules: 'required' });
    fireEvent.blur(input());
    expect(fieldError(input())).toBe('Dieses Feld ist erforderlich.');
    expect(input().getAttribute('aria-invalid')).toBe('true');
  });

  it('validates on input, as the value changes', async () => {
    const { user } = await renderField({ rules: 'required|min:3' });
    await user.type(input(), 'ab');
    expect(fieldError(input())).toBe('Geben Sie mindestens 3 Zeichen ein.');
    await user.type(input(), 'c');
    expect(fieldError(input())).toBeUndefined();
    await user.clear(input());
    expect(fieldError(input())).toBe('Dieses Feld ist erforderlich.');
  });

  it('shows the first failing rule’s message, in English too', async () => {
    const { user } = await renderField({ rules: 'email:multiple|max:10' }, { language: 'en' });
    await user.type(input(), 'a@b.de, x');
    expect(fieldError(input())).toBe('Enter valid e-mail addresses, separated by commas.');
    await user.clear(input());
    await user.type(input(), 'a@b.de, c@d.de');
    expect(fieldError(input())).toBe('Enter at most 10 characters.');
  });

  it('stops at the first failing rule: later rules are not evaluated', async () => {
    const later = vi.fn(() => true);
    const { user } = await renderField({ rules: 'min:5|later', customRules: { later: { test: later } } });
    await user.type(input(), 'abc');
    fireEvent.blur(input());
    expect(fieldError(input())).toBe('Geben Sie mindestens 5 Zeichen ein.');
    expect(later).not.toHaveBeenCalled();

    await user.type(input(), 'de');
    expect(fieldError(input())).toBeUndefined();
    expect(later).toHaveBeenCalledWith('abcde', undefined);
  });

  it('shows the description under the field while there is no error, and the error instead of it', async () => {
    const { user } = await renderField({ rules: 'min:2', description: 'Wie im Ausweis' });
    const description = screen.getByText('Wie im Ausweis');
    // Under the field: the description comes after the input in the document.
    expect(input().compareDocumentPosition(description) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.type(input(), 'a');
    expect(fieldError(input())).toBe('Geben Sie mindestens 2 Zeichen ein.');
    expect(screen.queryByText('Wie im Ausweis')).toBeNull();
    const error = screen.getByText('Geben Sie mindestens 2 Zeichen ein.');
    expect(input().compareDocumentPosition(error) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.type(input(), 'b');
    expect(screen.getByText('Wie im Ausweis')).toBeTruthy();
  });

  it('gives a rule without a message the default message, in German and in English', async () => {
    const customRules: RuleSet = { digits: { test: (value) => /^\d+$/.test(String(value)) } };
    const german = await renderField({ rules: 'digits', customRules });
    await german.user.type(input(), 'x');
    expect(fieldError(input())).toBe('Dieses Feld ist nicht gültig.');
    german.unmount();

    const english = await renderField({ rules: 'digits', customRules }, { language: 'en' });
    await english.user.type(input(), 'x');
    expect(fieldError(input())).toBe('This field is not valid.');
  });

  it('shows an external error in preference to the rules and the description', async () => {
    const { user, setProps } = await renderField({
      rules: 'min:5',
      description: 'Hilfe',
      error: 'Der Name ist vergeben.',
    });
    expect(fieldError(input())).toBe('Der Name ist vergeben.');
    expect(screen.queryByText('Hilfe')).toBeNull();
    await user.type(input(), 'ab');
    expect(fieldError(input())).toBe('Der Name ist vergeben.');

    setProps({ rules: 'min:5', description: 'Hilfe' });
    expect(fieldError(input())).toBe('Geben Sie mindestens 5 Zeichen ein.');
  });

  it('resets validation when the rules change: no error until the next input or blur', async () => {
    const { user, setProps } = await renderField({ rules: 'min:5' });
    await user.type(input(), 'abc');
    expect(fieldError(input())).toBe('Geben Sie mindestens 5 Zeichen ein.');

    setProps({ rules: 'min:4' });
    expect(fieldError(input())).toBeUndefined();

    fireEvent.blur(input());
    expect(fieldError(input())).toBe('Geben Sie mindestens 4 Zeichen ein.');

    setProps({ rules: 'max:2' });
    expect(fieldError(input())).toBeUndefined();
    await user.type(input(), 'd');
    expect(fieldError(input())).toBe('Geben Sie höchstens 2 Zeichen ein.');
  });

  it('does not reset validation while the rules string stays the same', async () => {
    const { user, setProps } = await renderField({ rules: 'min:5' });
    await user.type(input(), 'abc');
    setProps({ rules: 'min:5', description: 'neu' });
    expect(fieldError(input())).toBe('Geben Sie mindestens 5 Zeichen ein.');
  });
});
