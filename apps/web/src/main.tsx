import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { PrefetchContext } from './app/prefetch-context';
import { Providers } from './app/providers';
import { prefetchPath, routes } from './app/routes';
import { initI18n } from './i18n';

const router = createBrowserRouter(routes);

await initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <PrefetchContext.Provider value={prefetchPath}>
        <RouterProvider router={router} />
      </PrefetchContext.Provider>
    </Providers>
  </StrictMode>,
);
