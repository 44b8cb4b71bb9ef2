/** What a screen shows while its data loads, and under a table that came back empty. */
import { Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function Loading() {
  const { t } = useTranslation();
  return (
    <Center py="lg">
      <Loader size="sm" aria-label={t('common.loading')} />
    </Center>
  );
}

/** The list's state below its table: loading, or the text saying there is nothing (when `rows` is empty). */
export function ListState({
  loading,
  rows,
  emptyText,
}: {
  loading: boolean;
  rows: readonly unknown[] | undefined;
  emptyText: string;
}) {
  if (loading) return <Loading />;
  if (rows?.length !== 0) return null;
  return (
    <Text c="dimmed" ta="center" py="lg">
      {emptyText}
    </Text>
  );
}
