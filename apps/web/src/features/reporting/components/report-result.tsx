/**
 * The states of a report's answer: filters the server would refuse (their message shows at the field),
 * loading, "No data found." for an empty report, any other error with a retry, and the report itself —
 * dimmed while the next filters load.
 */
import { Alert, Box, Center } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { ApiError } from '../../../lib/api-client';
import type { FilterProblem } from '../api/report-params';
import { Spinner } from '../../../components/list-state';

interface ReportResultProps<T> {
  query: UseQueryResult<T>;
  problem: FilterProblem | null;
  children: (data: T) => ReactNode;
}

export const isNoData = (error: unknown) => error instanceof ApiError && error.code === 'NO_DATA';

export function ReportResult<T>({ query, problem, children }: ReportResultProps<T>) {
  const { t } = useTranslation();
  if (problem) return null;
  if (query.error) {
    if (isNoData(query.error)) {
      return (
        <Alert color="gray" variant="light" data-testid="report-no-data">
          {t('errors.NO_DATA')}
        </Alert>
      );
    }
    return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.data === undefined) {
    return (
      <Center py="xl">
        <Spinner size="sm" />
      </Center>
    );
  }
  const stale = query.isPlaceholderData;
  return (
    <Box aria-busy={stale} style={stale ? { opacity: 0.6, transition: 'opacity 150ms' } : undefined}>
      {children(query.data)}
    </Box>
  );
}
