/**
 * The frame of every view/edit screen: loading, not found (spec §2), load errors with retry, the title,
 * a Delete action behind the typed confirmation, and when the record last changed.
 */
import type { ErrorCode } from '@backoffice/contracts/errors';
import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../lib/api-client';
import { formatDateTime } from '../lib/format';
import { useLanguage } from '../lib/use-language';
import { ConfirmDialog } from './confirm-dialog';
import { ErrorAlert } from './error-alert';
import { NotFoundPage } from './not-found-page';
import { PageHeader } from './page-header';
import { UsageSentence } from './usage-sentence';
import { Spinner } from './list-state';

interface Versioned {
  version: number;
  updatedAt: string;
}

export interface RecordDetailProps<Item extends Versioned> {
  id: string;
  query: UseQueryResult<Item>;
  /** Error codes that mean "there is no such record". */
  notFoundCodes?: ErrorCode[];
  title: (item: Item) => string;
  canChange: boolean;
  remove: UseMutationResult<void, Error, { id: string; version: number }>;
  deleteTitle: string;
  /** The text to type before deleting, usually the record's name. */
  deleteConfirmText: (item: Item) => string;
  /** Where to go after the record is deleted. */
  listPath: string;
  actions?: (item: Item) => ReactNode;
  children: (item: Item) => ReactNode;
}

export function RecordDetail<Item extends Versioned>({
  id,
  query,
  notFoundCodes = ['RECORD_NOT_FOUND'],
  title,
  canChange,
  remove,
  deleteTitle,
  deleteConfirmText,
  listPath,
  actions,
  children,
}: RecordDetailProps<Item>) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { data: item, error, isPending, refetch } = query;

  // The screen's title (the route's, until the record's name is known) comes with the spinner: a screen
  // that loads has its one h1 too.
  if (isPending) {
    return (
      <>
        <PageHeader />
        <Spinner />
      </>
    );
  }
  if (error instanceof ApiError && notFoundCodes.includes(error.code)) return <NotFoundPage />;
  if (!item) {
    return (
      <>
        <PageHeader />
        <ErrorAlert error={error} onRetry={() => void refetch()} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={title(item)}
        actions={
          <>
            {actions?.(item)}
            {canChange && (
              <Button color="red" variant="light" onClick={() => setConfirmDelete(true)}>
                {t('common.delete')}
              </Button>
            )}
          </>
        }
      />
      {remove.error && (
        <ErrorAlert
          error={remove.error}
          onRetry={() => {
            remove.reset();
            void refetch();
          }}
        >
          {remove.error instanceof ApiError && <UsageSentence usage={remove.error.usage} />}
        </ErrorAlert>
      )}
      {children(item)}
      <Text size="sm" c="dimmed" mt="lg">
        {t('common.updatedAt')}: {formatDateTime(item.updatedAt, language)} · {t('common.version')}{' '}
        {item.version}
      </Text>
      <ConfirmDialog
        opened={confirmDelete}
        title={deleteTitle}
        description={t('confirm.deleteWarning')}
        confirmText={deleteConfirmText(item)}
        confirmLabel={t('common.delete')}
        danger
        busy={remove.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(
            { id, version: item.version },
            {
              onSuccess: () => {
                notifications.show({ color: 'green', message: t('common.deleted') });
                navigate(listPath);
              },
              onSettled: () => setConfirmDelete(false),
            },
          )
        }
      />
    </>
  );
}
