import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

interface SearchInputProps {
  value: string | undefined;
  onSearch: (value: string | undefined) => void;
  placeholder: string;
  label: string;
}

/** A search box that asks the server only once typing pauses. */
export function SearchInput({ value, onSearch, placeholder, label }: SearchInputProps) {
  const [text, setText] = useState(value ?? '');
  const search = useDebouncedCallback((next: string) => onSearch(next.trim() || undefined), 300);
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        search(event.currentTarget.value);
      }}
      w={{ base: '100%', sm: 320 }}
    />
  );
}
