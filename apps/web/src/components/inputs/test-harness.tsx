/**
 * Test helper for the inputs of this folder: renders one controlled by a parent that keeps the emitted
 * value, records every emission, and lets a test set the value or other props from outside.
 */
import { act } from '@testing-library/react';
import { useEffect, useState, type ReactElement } from 'react';
import { vi } from 'vitest';
import { renderWithProviders, type RenderOptions } from '../../test/render';

export interface Controlled<V> {
  value: V;
  onChange: (value: V) => void;
}

export async function renderControlled<V, P extends object = Record<string, never>>(
  initial: V,
  renderInput: (controlled: Controlled<V>, props: P) => ReactElement,
  options: RenderOptions & { props?: P } = {},
) {
  const onChange = vi.fn<(value: V) => void>();
  const handles = {
    setValue: (_value: V) => {},
    setProps: (_props: P) => {},
  };

  function Harness() {
    const [value, setValue] = useState<V>(initial);
    const [props, setProps] = useState<P>(options.props ?? ({} as P));
    useEffect(() => {
      handles.setValue = (next) => setValue(() => next);
      handles.setProps = (next) => setProps(next);
    });
    const emit = (next: V) => {
      onChange(next);
      setValue(() => next);
    };
    return (
      <>
        {renderInput({ value, onChange: emit }, props)}
        <button type="button">elsewhere</button>
      </>
    );
  }

  const rendered = await renderWithProviders(<Harness />, options);
  return {
    ...rendered,
    onChange,
    /** The last value emitted (undefined if none). */
    lastValue: () => onChange.mock.lastCall?.[0],
    setValue: (value: V) => act(() => handles.setValue(value)),
    setProps: (props: P) => act(() => handles.setProps(props)),
  };
}
