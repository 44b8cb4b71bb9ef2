import { NavLink, ScrollArea, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { navigation } from '../../config/navigation';
import { prefetchAllowed, whenIdle } from '../../lib/prefetch';
import { usePrefetch } from '../prefetch-context';

export function NavMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const prefetch = usePrefetch();

  // Once the first screen is up and the browser is idle, load the menu's screens ahead of time.
  useEffect(() => {
    if (!prefetchAllowed()) return;
    return whenIdle(() => navigation.forEach((group) => group.items.forEach((item) => prefetch(item.to))));
  }, [prefetch]);

  return (
    <ScrollArea component="nav" aria-label={t('app.mainNavigation')} h="100%" p="xs">
      {navigation.map((group) => (
        <div key={group.id} role="group" aria-labelledby={`nav-${group.id}`}>
          <Text id={`nav-${group.id}`} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mt="md" mb={4}>
            {t(group.label)}
          </Text>
          {group.items.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={t(item.label)}
              active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
              onMouseEnter={() => prefetchAllowed() && prefetch(item.to)}
              onFocus={() => prefetchAllowed() && prefetch(item.to)}
              onClick={onNavigate}
            />
          ))}
        </div>
      ))}
    </ScrollArea>
  );
}
