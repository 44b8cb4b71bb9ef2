import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { navigationFor } from '../../../config/navigation';
import { useCan } from '../../../lib/session';

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
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {groups.map((group) => (
          <Card key={group.id} withBorder padding="md">
            <Title order={4} mb="xs">
              {t(group.label)}
            </Title>
            <Stack gap={4}>
              {group.items.map((item) => (
                <Anchor key={item.to} component={Link} to={item.to} size="sm">
                  {t(item.label)}
                </Anchor>
              ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
