/** The user menu's popover: loaded when the user first reaches for it (user-menu.tsx); opens at once. */
import { Menu } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { ColorSchemeMenu } from './color-scheme-menu';

export function UserMenuDropdown({ target }: { target: ReactElement }) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    // In the header, not a portal: the open menu stays inside the banner landmark. Opened, the focus goes
    // to its first item (not to Mantine's placeholder, a focusable element among the menu's items).
    <Menu
      position="bottom-end"
      width={220}
      defaultOpened
      withinPortal={false}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to={paths.users.account}>
          {t('app.myAccount')}
        </Menu.Item>
        {/* Red as text is shaded for each scheme (contrast.css): 4.5:1 on the menu in both. */}
        <Menu.Item component={Link} to={paths.logout} color="red" c="red">
          {t('app.signOut')}
        </Menu.Item>
        <Menu.Divider />
        <ColorSchemeMenu />
      </Menu.Dropdown>
    </Menu>
  );
}
