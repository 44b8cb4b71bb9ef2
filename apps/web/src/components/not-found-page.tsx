import { Anchor, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('notFound.title')} · ${t('app.title')}`;
  }, [t]);
  return (
    <Stack align="flex-start" py="xl">
      <Title order={1}>{t('notFound.title')}</Title>
      <Anchor component={Link} to={paths.home}>
        {t('notFound.backHome')}
      </Anchor>
    </Stack>
  );
}
