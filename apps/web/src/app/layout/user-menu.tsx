import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';

export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const name = `${user.firstName} ${user.lastName}`.trim() || user.username;
  const initials = name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        <UnstyledButton aria-label={t('app.userMenu')} data-testid="user-area">
          <Group gap="xs" wrap="nowrap">
            <Avatar size="sm" radius="xl" color="indigo">
              {initials}
            </Avatar>
            <div>
              <Text size="sm" fw={500} lh={1.2}>
                {name}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2}>
                {t(`app.roles.${user.role}`)}
              </Text>
            </div>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to={paths.users.account}>
          {t('app.myAccount')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.logout} color="red">
          {t('app.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
