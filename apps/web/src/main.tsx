import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/contrast.css';
import './app/combobox.css';
import './app/badges.css';
import './app/color-scheme.css';
import { Button, Center, Stack, Text } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { PrefetchContext } from './app/prefetch-context';
import { applyStoredColorScheme, Providers } from './app/providers';
import { prefetchPath, routes } from './app/routes';
import { i18n, initI18n } from './i18n';
import { configureApiClient } from './lib/api-client';
import { fetchSession, goToSignIn, SessionProvider } from './lib/session';

applyStoredColorScheme();
const root = createRoot(document.getElementById('root')!);

// The back office is closed: without a session the browser goes to sign-in and comes back here.
const [session] = await Promise.all([fetchSession().catch(() => 'unreachable' as const), initI18n()]);
if (session === 'unreachable') {
  root.render(
    <Providers>
      <Center h="100vh">
        <Stack align="center">
          <Text role="alert">{i18n.t('errors.BACKEND_UNREACHABLE')}</Text>
          <Button onClick={() => window.location.reload()}>{i18n.t('common.reload')}</Button>
        </Stack>
      </Center>
    </Providers>,
  );
} else if (!session) {
  goToSignIn();
} else {
  configureApiClient({ onUnauthenticated: () => goToSignIn() });
  const router = createBrowserRouter(routes);
  root.render(
    <StrictMode>
      <Providers>
        <SessionProvider initial={session}>
          <PrefetchContext.Provider value={prefetchPath}>
            <RouterProvider router={router} />
          </PrefetchContext.Provider>
        </SessionProvider>
      </Providers>
    </StrictMode>,
  );
}
