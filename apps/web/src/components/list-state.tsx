/** What a screen shows while its data loads, and under a table that came back empty. */
import { Center, Loader, type MantineSize, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The spinner for a part of a screen that loads: a status named in the user's language, so a screen reader
 * says what it is (a name needs the role: axe `aria-prohibited-attr`). A button's own spinner is Mantine's.
 */
export function Spinner({ size }: { size?: MantineSize }) {
  const { t } = useTranslation();
  return <Loader size={size} role="status" aria-label={t('common.loading')} />;
}

/** A screen's or panel's spinner, centred where its content will be. */
export function Loading() {
  return (
    <Center py="lg">
      <Spinner size="sm" />
    </Center>
  );
}

/** Grey bars in the shape of a list's rows, standing in for its first page while that loads. */
export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Stack
      gap="xs"
      py="xs"
      role="status"
      aria-busy="true"
      aria-label={t('common.loading')}
      data-testid="list-skeleton"
    >
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} height={28} radius="sm" />
      ))}
    </Stack>
  );
}

/**
 * The list's state below its table: loading (skeleton rows), or — when `rows` is empty — what that means
 * and what to do next (`empty`, e.g. a create button or one that clears the filters; `emptyText` otherwise).
 */
export function ListState({
  loading,
  rows,
  emptyText,
  empty,
}: {
  loading: boolean;
  rows: readonly unknown[] | undefined;
  emptyText: string;
  empty?: ReactNode;
}) {
  if (loading) return <ListSkeleton />;
  if (rows?.length !== 0) return null;
  return (
    <Stack align="center" gap="sm" py="lg">
      {empty ?? <Text c="dimmed">{emptyText}</Text>}
    </Stack>
  );
}

/** An empty list's message with the one action that helps next (create the first, clear the filters). */
export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <>
      <Text c="dimmed" ta="center">
        {message}
      </Text>
      {action}
    </>
  );
}
