/**
 * The fields in which two configuration documents differ (the one the bridge holds and the one a push
 * sends, or a push and the one before it), grouped by the part of the document they belong to: the first
 * part of the path (rules, casinos, games, persistence, properties), the fields at the top as "General".
 */
import type { DocumentChange } from '@backoffice/contracts';
import { Code, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../../components/table-scroll';

/** The section of a path: its first part, or "general" for the document's own fields (name, active, …). */
function sectionOf(path: string): string {
  const dot = path.indexOf('.');
  return dot < 0 ? 'general' : path.slice(0, dot);
}

/** The changes by section, the document's own fields first, the others in the order of their paths. */
function bySection(changes: readonly DocumentChange[]): [string, DocumentChange[]][] {
  const groups = new Map<string, DocumentChange[]>([['general', []]]);
  for (const change of changes) {
    const section = sectionOf(change.path);
    groups.set(section, [...(groups.get(section) ?? []), change]);
  }
  return [...groups].filter(([, items]) => items.length > 0);
}

/** A value in one line: text as it is, nothing as a dash, anything else (numbers, flags, lists) as JSON. */
function ChangeValue({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined) {
    return (
      <Text span c="dimmed" title={t('integrations.push.changes.notSet')}>
        —
      </Text>
    );
  }
  if (typeof value === 'string' && value !== '') return <>{value}</>;
  return <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{JSON.stringify(value)}</Code>;
}

export function PushChanges({
  changes,
  label,
  beforeHeader,
  afterHeader,
  testId,
}: {
  changes: readonly DocumentChange[];
  /** The table's accessible name. */
  label: string;
  beforeHeader: string;
  afterHeader: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <TableScroll minWidth={560}>
      <Table withTableBorder verticalSpacing={4} aria-label={label} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('integrations.push.changes.field')}</Table.Th>
            <Table.Th scope="col">{beforeHeader}</Table.Th>
            <Table.Th scope="col">{afterHeader}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        {bySection(changes).map(([section, items]) => (
          <Table.Tbody key={section}>
            <Table.Tr>
              <Table.Th scope="rowgroup" colSpan={3} bg="var(--mantine-color-default-hover)">
                {t(`integrations.push.sections.${section}`, { defaultValue: section })}
              </Table.Th>
            </Table.Tr>
            {items.map((change) => (
              <Table.Tr key={change.path}>
                <Table.Td>
                  <Code>{change.path}</Code>
                </Table.Td>
                <Table.Td>
                  <ChangeValue value={change.before} />
                </Table.Td>
                <Table.Td>
                  <ChangeValue value={change.after} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        ))}
      </Table>
    </TableScroll>
  );
}
