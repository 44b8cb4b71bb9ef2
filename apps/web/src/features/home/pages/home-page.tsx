import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { navigationFor } from '../../../config/navigation';
import { useCan } from '../../../lib/session';
// A CSS grid of its own rather than SimpleGrid and Card: the home page is every first visit's page.
import classes from './home-page.module.css';

export function HomePage() {
  const { t } = useTranslation();
  const can = useCan();
  const groups = navigationFor(can);
  return (
    <>
      <PageHeader title={t('home.welcome')} />
      <Text mb="xl" maw={720}>
        {t('home.intro')}
      </Text>
      <div className={classes.groups}>
        {groups.map((group) => (
          <Paper key={group.id} withBorder p="md">
            <Title order={2} size="h4" mb="xs">
              {t(group.label)}
            </Title>
            <Stack gap={4}>
              {group.items.map((item) => (
                <Anchor key={item.to} component={Link} to={item.to} size="sm">
                  {t(item.label)}
                </Anchor>
              ))}
            </Stack>
          </Paper>
        ))}
      </div>
    </>
  );
}
