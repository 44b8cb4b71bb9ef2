/**
 * The read-only view of a form: for a role that may look but not change, a record's screen shows each
 * field as its label and value in text — no input box, required mark, placeholder or save button. The
 * record's frame (RecordDetail, RecordForm) says whether its fields are read-only; every field of this
 * folder asks `useReadOnly()` and shows `ReadOnlyValue` then.
 */
import { Box, Text } from '@mantine/core';
import { createContext, use, type ReactNode } from 'react';

const ReadOnlyContext = createContext(false);

/** Whether the fields here are shown as text (inside a read-only record). */
export function useReadOnly(): boolean {
  return use(ReadOnlyContext);
}

export function ReadOnlyProvider({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return <ReadOnlyContext value={readOnly}>{children}</ReadOnlyContext>;
}

/** What a field with nothing in it shows. */
const NONE = '—';

function isEmpty(value: ReactNode): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length);
}

/**
 * One field as text: its label, and its value below (a dash when there is none). A field without a label
 * of its own (a cell of a key/value row) shows only its value.
 */
export function ReadOnlyValue({ label, value }: { label?: ReactNode; value: ReactNode }) {
  const shown = isEmpty(value) ? (
    <Text span c="dimmed">
      {NONE}
    </Text>
  ) : (
    <Text span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {value}
    </Text>
  );
  if (isEmpty(label)) return <Box data-read-only-field>{shown}</Box>;
  return (
    <Box component="dl" m={0} data-read-only-field>
      <Text component="dt" size="sm" fw={500}>
        {label}
      </Text>
      <Box component="dd" m={0} mt={2}>
        {shown}
      </Box>
    </Box>
  );
}
