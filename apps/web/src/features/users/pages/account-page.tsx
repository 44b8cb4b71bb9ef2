import type { Account } from '@backoffice/contracts';
import { List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { useAccount } from '../api/get-account';
import { AccountNameForm } from '../components/account-name-form';
import { PasswordChangeForm } from '../components/password-change-form';
import { SecondFactorCard } from '../components/second-factor-card';
import { OwnSessionsPanel } from '../components/sessions-panel';
import { Spinner } from '../../../components/list-state';

/** The signed-in user's own account: profile, permissions, name, password and sessions. */
export function AccountPage() {
  const { t } = useTranslation();
  const { data: account, error, isPending, refetch } = useAccount();
  const session = useSession();

  if (isPending) return <Spinner />;
  if (!account) {
    return (
      <>
        <PageHeader />
        <ErrorAlert error={error} onRetry={() => void refetch()} />
      </>
    );
  }

  return (
    <>
      <PageHeader />
      <Stack maw={960} gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Section title={t('account.profileTitle')}>
            <Profile account={account} />
          </Section>
          <Section title={t('account.permissionsTitle')}>
            {account.permissions.length > 0 ? (
              <List size="sm" spacing={4} aria-label={t('account.permissionsTitle')}>
                {account.permissions.map((permission) => (
                  <List.Item key={permission}>{t(`account.permissions.${permission}`)}</List.Item>
                ))}
              </List>
            ) : (
              <Text size="sm" c="dimmed">
                {t('account.noPermissions')}
              </Text>
            )}
          </Section>
        </SimpleGrid>
        <Section title={t('account.name.title')}>
          <AccountNameForm account={account} />
        </Section>
        <Section title={t('account.password.title')}>
          <PasswordChangeForm />
        </Section>
        <Section title={t('account.secondFactor.title')}>
          {session.secondFactor.managedByIssuer ? (
            <Text size="sm">{t('account.secondFactor.managedByIssuer')}</Text>
          ) : (
            <SecondFactorCard />
          )}
        </Section>
        <Section title={t('users.sessions.title')}>
          <OwnSessionsPanel />
        </Section>
      </Stack>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Profile({ account }: { account: Account }) {
  const { t } = useTranslation();
  // Admins are never limited to casinos or integrations; for anyone else an empty list means none.
  const scope = (ids: string[]) => {
    if (account.role === 'admin') return t('account.scopeUnlimited');
    return ids.length > 0 ? ids.join(', ') : t('account.scopeNone');
  };
  const rows: [string, string][] = [
    [t('users.fields.username'), account.username],
    [t('users.fields.email'), account.email],
    [t('users.fields.name'), [account.firstName, account.lastName].filter(Boolean).join(' ') || '—'],
    [t('users.fields.role'), t(`app.roles.${account.role}`)],
    [t('users.fields.casinoIds'), scope(account.casinoIds)],
    [t('users.fields.integrationIds'), scope(account.integrationIds)],
  ];
  return (
    <Table variant="vertical" layout="fixed" withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={160}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
