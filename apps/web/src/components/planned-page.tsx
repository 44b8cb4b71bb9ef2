import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';

/** A screen of the route table whose capability has not been built yet: its title and breadcrumbs. */
export function PlannedPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader />
      <Text c="dimmed">{t('common.plannedScreen')}</Text>
    </>
  );
}
