/**
 * The fields in which two configuration documents differ (the one the bridge holds and the one a push
 * sends, or a push and the one before it), grouped by the part of the document they belong to: the first
 * part of the path (rules, casinos, games, persistence, properties), the fields at the top as "General".
 */
import type { DocumentChange } from '@backoffice/contracts';
import { useTranslation } from 'react-i18next';
import { FieldChangesTable } from '../../../components/field-changes';

/** The section of a path: its first part, or "general" for the document's own fields (name, active, …). */
function sectionOf(path: string): string {
  const dot = path.indexOf('.');
  return dot < 0 ? 'general' : path.slice(0, dot);
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
  // The document's own fields first, the sections in the order of their paths.
  const ordered = [...changes].sort(
    (a, b) => Number(sectionOf(a.path) !== 'general') - Number(sectionOf(b.path) !== 'general'),
  );
  return (
    <FieldChangesTable
      changes={ordered}
      label={label}
      texts={{
        field: t('integrations.push.changes.field'),
        before: beforeHeader,
        after: afterHeader,
        empty: t('integrations.push.changes.notSet'),
      }}
      groupOf={(path) => {
        const section = sectionOf(path);
        return t(`integrations.push.sections.${section}`, { defaultValue: section });
      }}
      testId={testId}
    />
  );
}
