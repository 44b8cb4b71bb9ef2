import { Box, NavLink, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { navigationFor } from '../../config/navigation';
import { prefetchAllowed } from '../../lib/prefetch';
import { useCan } from '../../lib/session';
import { usePrefetch } from '../prefetch-context';

export function NavMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const prefetch = usePrefetch();
  const can = useCan();
  const visible = navigationFor(can);

  return (
    // The browser's own scrolling: no scroll-area code in the first page's scripts.
    <Box component="nav" aria-label={t('app.mainNavigation')} h="100%" p="xs" style={{ overflowY: 'auto' }}>
      {visible.map((group) => (
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
    </Box>
  );
}
