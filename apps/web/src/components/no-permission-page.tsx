import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';

/** Shown instead of a screen the signed-in user's role may not use (the server refuses it as well). */
export function NoPermissionPage() {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" py="xl" role="alert">
      <Title order={1}>{t('noPermission.title')}</Title>
      <Anchor component={Link} to={paths.home}>
        {t('noPermission.backHome')}
      </Anchor>
    </Stack>
  );
}
