/**
 * The signed-in user in the header: name and role, and a menu with the own account and sign-out. The
 * menu's code (Mantine's popover with its floating and focus parts) loads when the user first points at,
 * tabs to or presses the button — not with the first page.
 */
import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { forwardRef, lazy, Suspense, useState, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';

const loadMenu = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(() => loadMenu().then((module) => ({ default: module.UserMenuDropdown })));

export function UserMenu() {
  const [wanted, setWanted] = useState(false);
  if (!wanted) {
    return (
      <UserButton
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={() => setWanted(true)}
      />
    );
  }
  return (
    <Suspense fallback={<UserButton aria-haspopup="menu" aria-expanded={false} />}>
      <UserMenuDropdown target={<UserButton />} />
    </Suspense>
  );
}

/** The button with the user's initials, name and role. */
export const UserButton = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'>>(
  function UserButton(props, ref) {
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
      // Named by what it shows (the user's name and role): a label of its own would differ from it.
      <UnstyledButton ref={ref} data-testid="user-area" {...props}>
        <Group gap="xs" wrap="nowrap">
          <Avatar size="sm" radius="xl" color="indigo" aria-hidden>
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
    );
  },
);
