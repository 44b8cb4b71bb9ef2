/**
 * The pages of an infinite query shown one after the other: its error with a retry, the table of what has
 * come so far, the list's state (skeleton while the first page loads, nothing found), how many are shown
 * and the button for the next page.
 */
import { Button, Group, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert';
import { ListState } from './list-state';

export interface PagedResultsProps<Row> {
  query: UseInfiniteQueryResult<InfiniteData<{ items: Row[] }>>;
  /** The table of the rows loaded so far (`undefined` while the first page loads). */
  children: (rows: Row[] | undefined) => ReactNode;
  emptyText: string;
  /** What an empty list shows instead of `emptyText`, with what to do next. */
  empty?: ReactNode;
  /** "N shown", by how many are. */
  shownText: (count: number) => string;
  /** The test id of the "N shown" text. */
  shownTestId: string;
  /** The button's label for the next page. */
  moreText: string;
}

export function PagedResults<Row>({
  query,
  children,
  emptyText,
  empty,
  shownText,
  shownTestId,
  moreText,
}: PagedResultsProps<Row>) {
  const { data, error, isPending, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } =
    query;
  const rows = data?.pages.flatMap((page) => page.items);
  return (
    <>
      {error && <ErrorAlert error={error} onRetry={() => void refetch()} />}
      {children(rows)}
      <ListState loading={isPending} rows={rows} emptyText={emptyText} empty={empty} />
      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed" data-testid={shownTestId}>
          {rows ? shownText(rows.length) : ''}
        </Text>
        {hasNextPage && (
          <Button
            variant="default"
            loading={isFetchingNextPage}
            disabled={isFetching && !isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {moreText}
          </Button>
        )}
      </Group>
    </>
  );
}
