import { currencyCodePattern, type FxRate, type ListQuery } from '@backoffice/contracts';
import { Button, Group, Title, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/error-alert';
import { DateInput, formatShortDate } from '../../../components/inputs/date-input';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useFxRateParams } from '../api/fx-rate-params';
import { useCreateFxRate, useDeleteFxRate, useFxRates, useUpdateFxRate } from '../api/masterdata-api';
import { FxRateForm, fxRateKey } from './fx-rate-form';
import { FxRateImport } from './fx-rate-import';

type Editing = { mode: 'create' } | { mode: 'edit'; rate: FxRate } | { mode: 'import' } | null;

/** A rate as the language writes decimals (exact: the stored digits, only the separator changes). */
export function formatRate(rate: string, language: string): string {
  return language === 'de' ? rate.replace('.', ',') : rate;
}

/** The exchange rates: server-paged with filters in the URL; add, change, delete and import for those who may. */
export function FxRatesSection({ canChange }: { canChange: boolean }) {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const [query, setQuery] = useFxRateParams();
  const { data, error, isPending, refetch } = useFxRates(query);
  const create = useCreateFxRate();
  const update = useUpdateFxRate();
  const remove = useDeleteFxRate();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<FxRate | null>(null);
  const [currency, setCurrency] = useState(query.currency ?? '');

  const tableQuery: ListQuery<'day'> = {
    page: query.page,
    pageSize: query.pageSize,
    sort: 'day',
    order: query.order,
  };

  return (
    <section aria-labelledby="fx-rates-title">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4" id="fx-rates-title">
          {t('masterdata.fxRates.title')}
        </Title>
        {canChange && (
          <Group gap="sm">
            <Button variant="default" onClick={() => setEditing({ mode: 'import' })}>
              {t('masterdata.fxRates.import.open')}
            </Button>
            <Button onClick={() => setEditing({ mode: 'create' })}>{t('masterdata.fxRates.add')}</Button>
          </Group>
        )}
      </Group>

      {editing?.mode === 'create' && (
        <FxRateForm
          title={t('masterdata.fxRates.addTitle')}
          initialValues={{ day: '', currency: '', rateToEur: '' }}
          submitLabel={t('common.create')}
          onCancel={() => setEditing(null)}
          onSave={async (values) => {
            await create.mutateAsync(values);
            notifications.show({ color: 'green', message: t('common.created') });
            setEditing(null);
          }}
        />
      )}
      {editing?.mode === 'edit' && (
        <FxRateForm
          key={fxRateKey(editing.rate)}
          title={t('masterdata.fxRates.editTitle', {
            currency: editing.rate.currency,
            day: formatShortDate(editing.rate.day, i18n.language),
          })}
          existing
          initialValues={{
            day: editing.rate.day,
            currency: editing.rate.currency,
            rateToEur: editing.rate.rateToEur,
          }}
          submitLabel={t('common.save')}
          onCancel={() => setEditing(null)}
          onReload={() => {
            setEditing(null);
            void refetch();
          }}
          onSave={async ({ rateToEur }) => {
            await update.mutateAsync({
              rate: editing.rate,
              input: { rateToEur, version: editing.rate.version },
            });
            notifications.show({ color: 'green', message: t('common.saved') });
            setEditing(null);
          }}
        />
      )}
      {editing?.mode === 'import' && <FxRateImport onClose={() => setEditing(null)} />}

      <Group mb="md" align="flex-end">
        <TextInput
          label={t('masterdata.fxRates.filters.currency')}
          placeholder="USD"
          w={120}
          maxLength={3}
          value={currency}
          onChange={(event) => {
            const next = event.currentTarget.value.toUpperCase();
            setCurrency(next);
            // Filter once the code is complete, or show all again when it is cleared.
            if (next === '' || currencyCodePattern.test(next)) setQuery({ currency: next || undefined });
          }}
        />
        <DateInput
          label={t('masterdata.fxRates.filters.from')}
          w={160}
          value={query.from ?? null}
          onChange={(from) => setQuery({ from: from ?? undefined })}
        />
        <DateInput
          label={t('masterdata.fxRates.filters.to')}
          w={160}
          value={query.to ?? null}
          onChange={(to) => setQuery({ to: to ?? undefined })}
        />
      </Group>

      {error && <ErrorAlert error={error} onRetry={() => void refetch()} />}
      {remove.error && <ErrorAlert error={remove.error} onRetry={() => remove.reset()} />}
      <DataTable
        columns={[
          {
            key: 'day',
            header: t('masterdata.fxRates.fields.day'),
            sortField: 'day',
            render: (row) => formatShortDate(row.day, i18n.language),
          },
          { key: 'currency', header: t('masterdata.fxRates.fields.currency'), render: (row) => row.currency },
          {
            key: 'rateToEur',
            header: t('masterdata.fxRates.fields.rateToEur'),
            render: (row) => formatRate(row.rateToEur, language),
          },
          {
            key: 'updatedAt',
            header: t('common.updatedAt'),
            render: (row) => formatDateTime(row.updatedAt, language),
          },
          ...(canChange
            ? [
                {
                  key: 'actions',
                  header: t('common.actions'),
                  headerHidden: true,
                  render: (row: FxRate) => (
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        aria-label={t('masterdata.fxRates.editLabel', { key: fxRateKey(row) })}
                        onClick={() => setEditing({ mode: 'edit', rate: row })}
                      >
                        {t('masterdata.fxRates.edit')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        aria-label={t('masterdata.fxRates.deleteLabel', { key: fxRateKey(row) })}
                        onClick={() => {
                          remove.reset();
                          setDeleting(row);
                        }}
                      >
                        {t('common.delete')}
                      </Button>
                    </Group>
                  ),
                },
              ]
            : []),
        ]}
        rows={data?.items}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        query={tableQuery}
        onQueryChange={({ page, pageSize, order }) =>
          setQuery({
            ...(page !== undefined ? { page } : {}),
            ...(pageSize !== undefined ? { pageSize } : {}),
            ...(order !== undefined ? { order } : {}),
          })
        }
        rowKey={fxRateKey}
        loading={isPending}
      />

      <ConfirmDialog
        opened={deleting !== null}
        title={t('masterdata.fxRates.deleteTitle')}
        description={t('confirm.deleteWarning')}
        confirmText={deleting ? fxRateKey(deleting) : ''}
        confirmLabel={t('common.delete')}
        danger
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => notifications.show({ color: 'green', message: t('common.deleted') }),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </section>
  );
}
