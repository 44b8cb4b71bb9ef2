/**
 * The states of a report's answer: filters the server would refuse (their message shows at the field),
 * loading, "No data found." for an empty report, any other error with a retry, and the report itself —
 * marked as being updated while the next filters load. Its figures keep their full contrast then (dimmed
 * text would fall below WCAG's 4.5:1); a status in the window's bottom right corner, where it covers none
 * of the report's first lines, says that they are the last filters' figures.
 */
import { Alert, Box, Center, Group, Loader, Paper, Text } from '@mantine/core';
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
    <Box aria-busy={stale}>
      {stale && (
        <Paper
          withBorder
          shadow="sm"
          px="md"
          py="xs"
          pos="fixed"
          bottom={16}
          right={16}
          style={{ zIndex: 200 }}
        >
          <Group gap="xs" wrap="nowrap" role="status">
            <Loader size={12} aria-hidden />
            <Text size="sm">{t('reports.updating')}</Text>
          </Group>
        </Paper>
      )}
      {children(query.data)}
    </Box>
  );
}
