/**
 * The fields that differ between two states of something (an audited record, two configuration
 * documents): one row per field with its value before and after, optionally grouped under headings.
 */
import { Code, Table, Text } from '@mantine/core';
import { TableScroll } from './table-scroll';

export interface FieldChange {
  /** The field's dotted path (`config.apiUrl`, `casinos.casino-de.name`). */
  path: string;
  before: unknown;
  after: unknown;
}

interface Texts {
  field: string;
  before: string;
  after: string;
  /** The accessible name of a value that is not set. */
  empty: string;
}

/** A value in one cell: text as is, nothing as a dash, anything else (numbers, flags, lists) as JSON. */
function ChangeValue({ value, empty }: { value: unknown; empty: string }) {
  if (value === null || value === undefined) {
    return (
      <Text span c="dimmed" aria-label={empty}>
        –
      </Text>
    );
  }
  if (typeof value === 'string' && value !== '') return <>{value}</>;
  return <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{JSON.stringify(value)}</Code>;
}

/**
 * The changes as a table named `label`. With `groupOf`, rows come under the heading of their group (in
 * the order the groups first appear); without, in the order given.
 */
export function FieldChangesTable({
  changes,
  label,
  texts,
  groupOf,
  testId,
}: {
  changes: readonly FieldChange[];
  label: string;
  texts: Texts;
  groupOf?: (path: string) => string;
  testId?: string;
}) {
  const groups = new Map<string, FieldChange[]>();
  for (const change of changes) {
    const group = groupOf?.(change.path) ?? '';
    groups.set(group, [...(groups.get(group) ?? []), change]);
  }
  return (
    <TableScroll minWidth={560}>
      <Table withTableBorder verticalSpacing={4} aria-label={label} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{texts.field}</Table.Th>
            <Table.Th scope="col">{texts.before}</Table.Th>
            <Table.Th scope="col">{texts.after}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        {[...groups].map(([group, rows]) => (
          <Table.Tbody key={group}>
            {groupOf && (
              <Table.Tr>
                <Table.Th scope="rowgroup" colSpan={3} bg="var(--mantine-color-default-hover)">
                  {group}
                </Table.Th>
              </Table.Tr>
            )}
            {rows.map((change) => (
              <Table.Tr key={change.path}>
                <Table.Td>
                  <Code>{change.path}</Code>
                </Table.Td>
                <Table.Td>
                  <ChangeValue value={change.before} empty={texts.empty} />
                </Table.Td>
                <Table.Td>
                  <ChangeValue value={change.after} empty={texts.empty} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        ))}
      </Table>
    </TableScroll>
  );
}
