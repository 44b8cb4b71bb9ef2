/**
 * Issue 15: a user whose role requires a second factor and who has none sees only its enrolment (the
 * server refuses everything else) — with a short explanation and the way to sign out. After confirming,
 * the session is read again; the recovery codes stay on screen until the user is done with them.
 */
import { Anchor, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { mustEnrol, useSession } from '../../lib/session';
import { LanguageSwitch } from './language-switch';
import { Spinner } from '../../components/list-state';

const SecondFactorCard = lazy(() =>
  import('../../features/users/components/second-factor-card').then((module) => ({
    default: module.SecondFactorCard,
  })),
);

export function SecondFactorGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  const [showingCodes, setShowingCodes] = useState(false);
  const locked = mustEnrol(session) || showingCodes;
  // Signing out stays possible.
  if (!locked || pathname === paths.logout) return children;
  return (
    <EnrolmentScreen onConfirmed={() => setShowingCodes(true)} onFinished={() => setShowingCodes(false)} />
  );
}

function EnrolmentScreen(props: { onConfirmed: () => void; onFinished: () => void }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        {/* The product's name and the way out are the page's banner, beside its main part. */}
        <Group justify="space-between" component="header">
          <Text fw={700} fz="lg">
            {t('app.title')}
          </Text>
          <Group gap="md">
            <LanguageSwitch />
            <Anchor component={Link} to={paths.logout}>
              {t('app.signOut')}
            </Anchor>
          </Group>
        </Group>
        <Paper withBorder p="md" component="main">
          <Title order={1} size="h3" mb="sm">
            {t('account.secondFactor.requiredTitle')}
          </Title>
          <Text size="sm" mb="md">
            {t('account.secondFactor.requiredExplanation')}
          </Text>
          <Suspense fallback={<Spinner />}>
            <SecondFactorCard {...props} />
          </Suspense>
        </Paper>
      </Stack>
    </Container>
  );
}
