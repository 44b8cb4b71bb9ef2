/**
 * The session check: besides its 5-second timer, a tab checks at once when it is shown again and when
 * another tab of the browser signed out; only the server's answer ends it.
 */
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/fetch';
import { testSession } from '../test/sessions';
import { endSession, goToSignIn, SESSION_CHANNEL, SessionProvider, useSessionRefresh } from './session';

const HOUR = 3_600_000;

/** `/auth/session` answers what `current()` says; `/auth/logout` ends it. Counts the session checks. */
function stubServer(current: () => ReturnType<typeof testSession> | null) {
  const checks = { count: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/auth/logout') return jsonResponse(200, { redirectTo: '/oidc/session/end' });
      checks.count++;
      const session = current();
      return session ? jsonResponse(200, session) : jsonResponse(401, { code: 'UNAUTHENTICATED' });
    }),
  );
  return checks;
}

/**
 * A tab signed in; `endHere()` ends its session at the server (as another tab's sign-out would), and
 * `refresh()` reads the session again as a page does after changing it.
 */
function signedInTab() {
  let signedIn = true;
  const checks = stubServer(() => (signedIn ? testSession('support') : null));
  const onEnded = vi.fn();
  const page: { refresh?: () => Promise<void> } = {};
  function Page() {
    page.refresh = useSessionRefresh();
    return <p>signed in</p>;
  }
  const view = render(
    <SessionProvider initial={testSession('support')} intervalMs={HOUR} onEnded={onEnded}>
      <Page />
    </SessionProvider>,
  );
  return { checks, onEnded, view, endHere: () => (signedIn = false), refresh: () => page.refresh!() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the session check', () => {
  it('goes to sign-in at once when another tab of the browser signed out', async () => {
    const { checks, onEnded, view, endHere } = signedInTab();
    // Another tab ends the session: its sign-out tells this one, long before the timer's next check.
    endHere();
    expect(await endSession()).toBe('/oidc/session/end');
    await waitFor(() => expect(onEnded).toHaveBeenCalledTimes(1));
    expect(checks.count).toBe(1);
    view.unmount();
  });

  it('only checks when told: a message while the session is still valid ends nothing', async () => {
    const { checks, onEnded, view } = signedInTab();
    const otherTab = new BroadcastChannel(SESSION_CHANNEL);
    otherTab.postMessage('ended');
    await waitFor(() => expect(checks.count).toBe(1));
    otherTab.close();
    expect(onEnded).not.toHaveBeenCalled();
    view.unmount();
  });

  it('checks at once when the tab is shown again', async () => {
    const { checks, onEnded, view, endHere } = signedInTab();
    endHere();
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(onEnded).toHaveBeenCalledTimes(1));
    expect(checks.count).toBe(1);
    view.unmount();
  });

  it('ends the session once, whether a page refreshes it or the check finds it ended, then checks no more', async () => {
    const { checks, onEnded, view, endHere, refresh } = signedInTab();
    endHere();
    await refresh();
    expect(onEnded).toHaveBeenCalledTimes(1);
    document.dispatchEvent(new Event('visibilitychange'));
    await refresh();
    expect(checks.count).toBe(2);
    expect(onEnded).toHaveBeenCalledTimes(1);
    view.unmount();
  });
});

describe('the tab that signs out', () => {
  it('is not sent to sign-in on its way to the identity server, unless its sign-out failed', async () => {
    const location = { pathname: '/users', search: '?q=a', assign: vi.fn() };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(503, {})),
    );
    await expect(endSession()).rejects.toThrow('sign-out failed: 503');
    goToSignIn(location);
    expect(location.assign).toHaveBeenCalledWith('/auth/login?returnTo=%2Fusers%3Fq%3Da');
    location.assign.mockClear();
    // Signed out: its own session check, or an API call, finds the session gone while the page is on its
    // way to the identity server's sign-out, and leaves it on that way.
    stubServer(() => null);
    await endSession();
    goToSignIn(location);
    expect(location.assign).not.toHaveBeenCalled();
  });
});
