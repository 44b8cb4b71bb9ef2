/** The fields one audit entry changed: each with its value before and after (secrets only as the mask). */
import type { AuditEntry } from '@backoffice/contracts';
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldChangesTable } from '../../../components/field-changes';

export function AuditEntryChanges({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const changes = Object.entries(entry.changes).map(([path, change]) => ({ path, ...change }));
  if (changes.length === 0) {
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
        {t(open ? 'auditEntries.hideChanges' : 'auditEntries.showChanges', { count: changes.length })}
      </Button>
      {open && (
        <FieldChangesTable
          changes={changes}
          label={t('auditEntries.changesOf', { entity: entry.entityId })}
          texts={{
            field: t('auditEntries.field'),
            before: t('auditEntries.before'),
            after: t('auditEntries.after'),
            empty: t('auditEntries.empty'),
          }}
        />
      )}
    </Stack>
  );
}
