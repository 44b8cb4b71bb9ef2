/**
 * The sessions of a user (issue 15): on `/users/account` the own ones, with "sign out" for each other
 * device and "sign out everywhere else"; on the user screen an admin's view of anyone's, with "sign out"
 * for each and "sign out everywhere". The session making the request is marked and not ended from here.
 */
import type { UserSession } from '@backoffice/contracts';
import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { NoValue } from '../../../components/fields-table';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useEndSession, useEndSessions, useSessions, type SessionsOwner } from '../api/sessions';
import { Spinner } from '../../../components/list-state';

/** The device in words: "Chrome on Windows", or what of it the user agent names. */
export function useDeviceName() {
  const { t } = useTranslation();
  return ({ browser, system }: Pick<UserSession, 'browser' | 'system'>) => {
    if (browser && system) return t('users.sessions.deviceOn', { browser, system });
    return browser ?? system ?? t('users.sessions.unknownDevice');
  };
}

export function OwnSessionsPanel() {
  return <SessionsPanel owner={{ own: true }} />;
}

export function UserSessionsPanel({ userId }: { userId: string }) {
  return <SessionsPanel owner={{ own: false, userId }} />;
}

function SessionsPanel({ owner }: { owner: SessionsOwner }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const deviceName = useDeviceName();
  const { data, error, isPending, refetch } = useSessions(owner);
  const endOne = useEndSession(owner);
  const endAll = useEndSessions(owner);

  if (isPending) return <Spinner size="sm" />;
  if (!data) return <ErrorAlert error={error} onRetry={() => void refetch()} />;

  const others = data.items.filter((session) => !session.current);
  const signOutAll = () =>
    endAll.mutate(undefined, {
      onSuccess: ({ ended }) =>
        notifications.show({ color: 'green', message: t('users.sessions.ended', { count: ended }) }),
    });

  return (
    <>
      {(endOne.error ?? endAll.error) && <ErrorAlert error={endOne.error ?? endAll.error} />}
      {data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('users.sessions.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={t('users.sessions.title')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.sessions.device')}</Table.Th>
                <Table.Th>{t('users.sessions.address')}</Table.Th>
                <Table.Th>{t('users.sessions.started')}</Table.Th>
                <Table.Th>{t('users.sessions.lastSeen')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('users.sessions.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((session) => (
                <Table.Tr key={session.id}>
                  <Table.Td title={session.userAgent ?? undefined}>{deviceName(session)}</Table.Td>
                  <Table.Td>{session.address ?? <NoValue />}</Table.Td>
                  <Table.Td>{formatDateTime(session.createdAt, language)}</Table.Td>
                  <Table.Td>{formatDateTime(session.lastSeenAt, language)}</Table.Td>
                  <Table.Td ta="right">
                    {session.current ? (
                      <Badge variant="light">{t('users.sessions.current')}</Badge>
                    ) : (
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        aria-label={t('users.sessions.signOutOf', { device: deviceName(session) })}
                        loading={endOne.isPending && endOne.variables === session.id}
                        onClick={() =>
                          endOne.mutate(session.id, {
                            onSuccess: () =>
                              notifications.show({
                                color: 'green',
                                message: t('users.sessions.ended', { count: 1 }),
                              }),
                          })
                        }
                      >
                        {t('users.sessions.signOut')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group mt="sm">
        <Button
          variant="default"
          disabled={others.length === 0}
          loading={endAll.isPending}
          onClick={signOutAll}
        >
          {/* Own: all but this one. A user's: all of them (an admin's own current one stays). */}
          {owner.own ? t('users.sessions.signOutOthers') : t('users.sessions.signOutAll')}
        </Button>
      </Group>
    </>
  );
}
