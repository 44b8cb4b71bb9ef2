import { Anchor, AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, ScrollRestoration } from 'react-router';
import { paths } from '../../config/paths';
import { AlertBanner } from '../../features/alerts';
import { AccessGuard } from './access-guard';
import { LanguageSwitch } from './language-switch';
import { NavigationProgress } from './navigation-progress';
import { NavMenu } from './nav-menu';
import { StepUpPrompt } from './step-up-prompt';
import { UserMenu } from './user-menu';

export function AppLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        <NavigationProgress />
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('app.toggleNavigation')}
            />
            <Anchor component={Link} to={paths.home} underline="never" c="inherit" fw={700} fz="lg">
              {t('app.title')}
            </Anchor>
          </Group>
          <Group gap="md" wrap="nowrap">
            <LanguageSwitch />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <NavMenu onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <AlertBanner />
        <AccessGuard />
      </AppShell.Main>
      <StepUpPrompt />
      <ScrollRestoration />
    </AppShell>
  );
}
