import { createTheme, localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';

/**
 * The page's main landmark, where a select's options and a tooltip open (inside a landmark, as axe-core
 * asks), or undefined where there is none yet: then they open at the end of the body.
 */
function pageMain(): HTMLElement | undefined {
  return document.querySelector('main') ?? undefined;
}

const inPageMain = { defaultProps: () => ({ portalProps: { target: pageMain() } }) };

const optionsWithoutScrollArea = { defaultProps: { withScrollArea: false } };

/**
 * Indigo a shade darker than Mantine's default, so white on filled buttons reaches a contrast of 4.9:1
 * (shade 6: 4.3:1, below WCAG AA's 4.5:1).
 */
// The other contrast fixes are plain CSS (contrast.css): they cost the first page no script.
function themeIn(closeLabel: string) {
  // Every dialog's, drawer's, notification's and alert's close button says what it does (a dialog may say
  // it more precisely).
  const closeButton = { defaultProps: { 'aria-label': closeLabel } };
  // Their header is part of the dialog, not the page's banner: as a <header> it would be a second banner
  // landmark beside the app's own while the dialog is open.
  const header = { defaultProps: { component: 'div' } };
  return createTheme({
    primaryColor: 'indigo',
    primaryShade: { light: 7, dark: 8 },
    defaultRadius: 'sm',
    components: {
      DrawerHeader: header,
      ModalHeader: header,
      DrawerCloseButton: closeButton,
      ModalCloseButton: closeButton,
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      Alert: { defaultProps: { closeButtonLabel: closeLabel } },
      // A select's options and a tooltip open inside the page's main landmark, near their field or button,
      // rather than at the end of the body outside every landmark (axe region); where there is no main
      // (yet), at the end of the body as before.
      Combobox: inPageMain,
      Tooltip: inPageMain,
      // The options scroll in their list itself (combobox.css).
      Select: optionsWithoutScrollArea,
      MultiSelect: optionsWithoutScrollArea,
      Autocomplete: optionsWithoutScrollArea,
      TagsInput: optionsWithoutScrollArea,
    },
  });
}

/**
 * The colour scheme the user chose in the user menu (color-scheme-menu.tsx), put on the page before
 * anything else runs (main.tsx) so the page waits for the session in it. Mantine keeps the choice in local
 * storage; without one the page follows the system, through CSS until Mantine takes over
 * (color-scheme.css) — no inline script, which the CSP would refuse.
 */
export function applyStoredColorScheme(): void {
  const scheme = localStorageColorSchemeManager().get('auto');
  if (scheme !== 'auto') document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A client error will not change by asking again; connection trouble might.
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500),
      },
    },
  });
}

const NotificationsHost = lazy(() =>
  import('./notifications-host').then((module) => ({ default: module.NotificationsHost })),
);

/**
 * Notifications appear once there is one: their code (transitions, close buttons, portal) loads then —
 * `notifications.show()` only needs the small store — not with the first page.
 */
function NotificationsWhenNeeded() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}

/** Mantine with the product's theme in the user's language (`env="test"` in tests: no transitions). */
export function ThemeProvider({ env, children }: { env?: 'test'; children: ReactNode }) {
  const { t } = useTranslation();
  const closeLabel = t('common.close');
  const theme = useMemo(() => themeIn(closeLabel), [closeLabel]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" env={env}>
      {children}
    </MantineProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider>
      <NotificationsWhenNeeded />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}
