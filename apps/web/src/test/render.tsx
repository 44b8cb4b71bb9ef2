/**
 * Test rendering: the app's providers (Mantine, TanStack Query, i18n) around the UI under test, and a
 * memory data router when the UI needs routing. Mantine runs in its `test` environment (no transitions,
 * no portals) so dialogs and menus appear synchronously inside the rendered container.
 */
import type { Language, Role, SessionInfo } from '@backoffice/contracts';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, within, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient, ThemeProvider } from '../app/providers';
import { AREA_TEXTS, changeLanguage, i18n, initI18n, loadAreaTexts } from '../i18n';
import { SessionContext } from '../lib/session';
import { testSession } from './sessions';

/** The app's query client, without retries so failures show at once. */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, retry: false },
    mutations: { ...defaults.mutations, retry: false },
  });
  return client;
}

/** Initialises i18n once per test file, then switches the language (cookie, <html lang>, zod messages). */
export async function setLanguage(language: Language): Promise<void> {
  if (!i18n.isInitialized) await initI18n(language);
  else await changeLanguage(language);
  // The app loads some areas' texts with their screens (app/routes.tsx); tests mount screens directly.
  await Promise.all(AREA_TEXTS.map(loadAreaTexts));
}

export function TestProviders({
  client,
  session,
  children,
}: {
  client: QueryClient;
  /** The signed-in user, for screens that ask `useSession()`. */
  session?: SessionInfo | undefined;
  children: ReactNode;
}) {
  const content = <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return (
    <ThemeProvider env="test">
      <Notifications />
      {session ? <SessionContext.Provider value={session}>{content}</SessionContext.Provider> : content}
    </ThemeProvider>
  );
}

export interface RenderOptions {
  language?: Language;
  queryClient?: QueryClient;
  /** The signed-in user the screens see through `useSession()` (none unless given). */
  session?: SessionInfo;
}

export interface Rendered extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
}

/** Renders UI that needs no router. */
export async function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): Promise<Rendered> {
  await setLanguage(options.language ?? 'de');
  const queryClient = options.queryClient ?? createTestQueryClient();
  const user = userEvent.setup();
  const result = render(
    <TestProviders client={queryClient} session={options.session}>
      {ui}
    </TestProviders>,
  );
  return { ...result, user, queryClient };
}

export interface RouterRenderOptions extends RenderOptions {
  /** Where the memory history starts. */
  initialEntries?: string[];
}

/** Renders a route table in a memory data router (e.g. the app's `routes`). */
export async function renderRoutes(
  routes: RouteObject[],
  options: RouterRenderOptions = {},
): Promise<Rendered & { router: ReturnType<typeof createMemoryRouter> }> {
  await setLanguage(options.language ?? 'de');
  const queryClient = options.queryClient ?? createTestQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: options.initialEntries ?? ['/'] });
  const user = userEvent.setup();
  const result = render(
    <TestProviders client={queryClient} session={options.session}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, user, queryClient, router };
}

/** A feature's screen at `url` as a signed-in user of `role` sees it, its fake API installed first. */
export async function renderScreen(
  api: { install(): unknown },
  routes: RouteObject[],
  url: string,
  { language = 'de', role = 'admin' }: { language?: Language; role?: Role } = {},
) {
  api.install();
  return renderRoutes(routes, { initialEntries: [url], language, session: testSession(role) });
}

/** The value a read-only record shows for the field labelled `label` (its text, no input box). */
export async function shownValue(label: string): Promise<string | null | undefined> {
  const record = await screen.findByTestId('read-only-record');
  return within(record).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

/** The text shown as a form field's error (what `aria-describedby` points to), or undefined. */
export function fieldError(input: HTMLElement): string | undefined {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  for (const id of ids) {
    const node = document.getElementById(id);
    if (node && /error/i.test(node.id + ' ' + node.className)) return node.textContent ?? '';
  }
  return undefined;
}
