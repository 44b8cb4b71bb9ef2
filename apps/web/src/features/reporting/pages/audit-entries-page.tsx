/**
 * `/reporting/audit-entries`: the audit trail, newest first and paged, filtered by entity, user and time;
 * each entry opens the fields it changed with their values before and after.
 */
import { auditEntityReaders, auditEntityTypes, type AuditEntry } from '@backoffice/contracts';
import { Group, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/error-alert';
import { DateTimeInput } from '../../../components/inputs/date-time-input';
import { PageHeader } from '../../../components/page-header';
import { RecordSelect } from '../../../components/record-select';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useLanguage } from '../../../lib/use-language';
import { actorOption, useActor, useActorSearch, useAuditEntries } from '../api/audit-entries-api';
import { useAuditParams } from '../api/audit-entries-params';
import { AuditEntryChanges } from '../components/audit-entries-changes';

export function AuditEntriesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [query, setQuery] = useAuditParams();
  const { data, error, isPending, refetch } = useAuditEntries(query);
  const [entityId, setEntityId] = useState(query.entityId ?? '');
  const [shownEntityId, setShownEntityId] = useState(query.entityId);
  if (query.entityId !== shownEntityId) {
    setShownEntityId(query.entityId);
    setEntityId(query.entityId ?? '');
  }
  const toBeforeFrom =
    query.from !== undefined && query.to !== undefined && Date.parse(query.to) < Date.parse(query.from);
  const can = useCan();
  // Entries about staff (users, sign-ins) are for user administrators only (decision 021).
  const entityTypes = auditEntityTypes.filter(
    (type) => auditEntityReaders[type] !== 'userAdmins' || can('noRestrictions'),
  );
  const typeLabel = (type: string) => t(`auditEntries.entityTypes.${type}`, { defaultValue: type });

  return (
    <>
      <PageHeader />
      <Group mb="md" align="flex-start">
        <Select
          label={t('auditEntries.filters.entityType')}
          placeholder={t('auditEntries.filters.all')}
          w={220}
          clearable
          searchable
          data={entityTypes.map((type) => ({ value: type, label: typeLabel(type) }))}
          value={query.entityType ?? null}
          onChange={(entityType) => setQuery({ entityType: entityType ?? undefined })}
        />
        <TextInput
          label={t('auditEntries.filters.entityId')}
          w={220}
          maxLength={200}
          value={entityId}
          onChange={(event) => setEntityId(event.currentTarget.value)}
          onBlur={() => setQuery({ entityId: entityId.trim() || undefined })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') setQuery({ entityId: entityId.trim() || undefined });
          }}
        />
        <RecordSelect
          label={t('auditEntries.filters.user')}
          placeholder={t('auditEntries.filters.all')}
          w={240}
          clearable
          value={query.actorId ?? null}
          onChange={(actorId) => setQuery({ actorId: actorId ?? undefined })}
          useSearch={useActorSearch}
          useRecord={useActor}
          toOption={actorOption}
        />
        <DateTimeInput
          label={t('auditEntries.filters.from')}
          value={query.from ?? null}
          onChange={(from) => setQuery({ from: from ?? undefined })}
        />
        <DateTimeInput
          label={t('auditEntries.filters.to')}
          atEndOfMinute
          value={query.to ?? null}
          error={toBeforeFrom ? t('auditEntries.filters.toBeforeFrom') : undefined}
          onChange={(to) => setQuery({ to: to ?? undefined })}
        />
      </Group>
      {error && <ErrorAlert error={error} onRetry={() => void refetch()} />}
      <DataTable<AuditEntry, 'changedAt'>
        columns={[
          {
            key: 'changedAt',
            header: t('auditEntries.fields.changedAt'),
            render: (entry) => formatDateTime(entry.changedAt, language),
          },
          {
            key: 'actor',
            header: t('auditEntries.fields.actor'),
            render: (entry) => entry.actorName ?? t('auditEntries.system'),
          },
          {
            key: 'entityType',
            header: t('auditEntries.fields.entityType'),
            render: (entry) => typeLabel(entry.entityType),
          },
          { key: 'entityId', header: t('auditEntries.fields.entityId'), render: (entry) => entry.entityId },
          {
            key: 'action',
            header: t('auditEntries.fields.action'),
            render: (entry) => t(`auditEntries.actions.${entry.action}`, { defaultValue: entry.action }),
          },
          {
            key: 'changes',
            header: t('auditEntries.fields.changes'),
            render: (entry) => <AuditEntryChanges entry={entry} />,
          },
        ]}
        rows={data?.items}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        query={{ page: query.page, pageSize: query.pageSize, sort: 'changedAt', order: 'desc' }}
        onQueryChange={({ page, pageSize }) =>
          setQuery({
            ...(page !== undefined ? { page } : {}),
            ...(pageSize !== undefined ? { pageSize } : {}),
          })
        }
        rowKey={(entry) => String(entry.id)}
        loading={isPending}
      />
    </>
  );
}
