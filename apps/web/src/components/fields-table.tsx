/** A record's fields as a two-column table: each name as its row's header, then the value. */
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Rows of name and value, the name as the row's header. */
export function FieldsTable({ label, rows }: { label: string; rows: [string, ReactNode][] }) {
  return (
    <Table aria-label={label} variant="vertical" withTableBorder layout="fixed">
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th w={200} scope="row">
              {name}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A missing value, visibly so. */
export function NoValue() {
  return (
    <Text span c="dimmed">
      –
    </Text>
  );
}
