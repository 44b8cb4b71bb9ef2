/** The fields one audit entry changed: each with its value before and after (secrets only as the mask). */
import type { AuditEntry } from '@backoffice/contracts';
import { Button, Code, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A value as the table shows it: text as is, nothing as a dash, anything else as JSON. */
function Value({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined) {
    return (
      <Text span c="dimmed" aria-label={t('auditEntries.empty')}>
        –
      </Text>
    );
  }
  if (typeof value === 'string') return <>{value}</>;
  if (typeof value === 'number' || typeof value === 'boolean') return <Code>{String(value)}</Code>;
  return <Code block>{JSON.stringify(value, null, 2)}</Code>;
}

export function AuditEntryChanges({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const fields = Object.entries(entry.changes);
  if (fields.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('auditEntries.noChanges')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Button
        size="compact-sm"
        variant="subtle"
        aria-expanded={open}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(!open);
        }}
      >
        {t(open ? 'auditEntries.hideChanges' : 'auditEntries.showChanges', { count: fields.length })}
      </Button>
      {open && (
        <Table
          withTableBorder
          withColumnBorders
          aria-label={t('auditEntries.changesOf', { entity: entry.entityId })}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('auditEntries.field')}</Table.Th>
              <Table.Th>{t('auditEntries.before')}</Table.Th>
              <Table.Th>{t('auditEntries.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map(([field, change]) => (
              <Table.Tr key={field}>
                <Table.Td>
                  <Code>{field}</Code>
                </Table.Td>
                <Table.Td>
                  <Value value={change.before} />
                </Table.Td>
                <Table.Td>
                  <Value value={change.after} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
