/**
 * The signed-in user, as the server's session says (`GET /auth/session`). Checked every 5 seconds, at once
 * when the tab is shown again (a hidden tab's timers may run late), and at once when another tab of this
 * browser signed out: when the session ended, or changed to another user or session, the browser goes to
 * sign-in. Any 401 of the API does the same.
 */
import type { SessionInfo } from '@backoffice/contracts';
import { hasPermission, SESSION_CHECK_INTERVAL_MS, type Access } from '@backoffice/contracts/permissions';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { onEnrolmentRequired } from './api-client';

export const SessionContext = createContext<SessionInfo | null>(null);

/** Reads the session again at once (e.g. after the second factor was set up); a no-op outside the app. */
export const SessionRefreshContext = createContext<() => Promise<void>>(async () => {});

export function useSessionRefresh(): () => Promise<void> {
  return useContext(SessionRefreshContext);
}

export function useSession(): SessionInfo {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in app');
  return session;
}

/** Whether the signed-in user may use something that requires `access`. */
export function useCan(): (access: Access | undefined) => boolean {
  const session = useSession();
  return (access) => allows(session, access);
}

export function allows(session: SessionInfo, access: Access | undefined): boolean {
  if (access === undefined || access === 'public' || access === 'authenticated') return true;
  return hasPermission(session.user.role, access);
}

/**
 * True while the user may only set up the second factor their role requires (the server refuses anything
 * else). As `enrolmentRequired` of the contracts, without loading them into the first chunk.
 */
export function mustEnrol({ secondFactor }: SessionInfo): boolean {
  return secondFactor.required && !secondFactor.enrolled;
}

/** True once this tab has ended the session: it is on its way out (to sign-in, or an external issuer's sign-out). */
let signingOut = false;

/**
 * Sends the browser to sign-in and back to where it is. `stepUp`: an external identity server
 * authenticates the user again to confirm the running session (issue 15). Not while this tab signs out:
 * its session check (or an API call) finding the session ended must not take it off its way to the
 * identity server, which signs the user out there too and then comes back to sign-in anyway.
 */
export function goToSignIn(
  location: Pick<Location, 'assign' | 'pathname' | 'search'> = window.location,
  options: { stepUp?: boolean } = {},
): void {
  if (signingOut) return;
  const returnTo = `${location.pathname}${location.search}`;
  location.assign(`/auth/login?returnTo=${encodeURIComponent(returnTo)}${options.stepUp ? '&stepUp=1' : ''}`);
}

export async function fetchSession(signal?: AbortSignal): Promise<SessionInfo | null> {
  const response = await fetch('/auth/session', {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
    signal: signal ?? null,
  });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`session check failed: ${response.status}`);
  return (await response.json()) as SessionInfo;
}

/** True when the check shows a session other than the one the page started with. */
export function sessionChanged(current: SessionInfo, latest: SessionInfo | null): boolean {
  return !latest || latest.sessionId !== current.sessionId || latest.user.id !== current.user.id;
}

interface SessionProviderProps {
  initial: SessionInfo;
  children: ReactNode;
  /** What to do when the session ended or changed (default: go to sign-in). */
  onEnded?: () => void;
  intervalMs?: number;
}

export function SessionProvider({
  initial,
  children,
  onEnded = goToSignIn,
  intervalMs = SESSION_CHECK_INTERVAL_MS,
}: SessionProviderProps) {
  const [session, setSession] = useState(initial);
  const keep = useCallback(
    (latest: SessionInfo) =>
      setSession((current) => (JSON.stringify(current) === JSON.stringify(latest) ? current : latest)),
    [],
  );

  // An API answer says a second factor must be set up first: show the enrolment now, not at the next check.
  useEffect(
    () =>
      onEnrolmentRequired(() =>
        setSession((current) =>
          mustEnrol(current)
            ? current
            : { ...current, secondFactor: { ...current.secondFactor, required: true, enrolled: false } },
        ),
      ),
    [],
  );

  // Once the session ended, the page is on its way to sign-in: a later answer changes nothing.
  const ended = useRef(false);
  /** Compares the server's answer with the page's session: ends it (once), or keeps it in step. */
  const settle = useCallback(
    (latest: SessionInfo | null) => {
      if (ended.current) return;
      if (sessionChanged(session, latest)) {
        ended.current = true;
        onEnded();
      } else if (latest) {
        // Same session: keep profile, permission and second-factor changes in step.
        keep(latest);
      }
    },
    [session, onEnded, keep],
  );
  const refresh = useCallback(async () => settle(await fetchSession()), [settle]);

  useEffect(() => {
    let stopped = false;
    const check = () => {
      if (stopped || ended.current) return;
      fetchSession().then(
        (latest) => {
          if (!stopped) settle(latest);
        },
        () => {
          // The server is unreachable for a moment: try again at the next tick.
        },
      );
    };
    const timer = window.setInterval(check, intervalMs);
    const shown = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', shown);
    // Only a hint to check now: what counts is the server's answer.
    const otherTabs = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL);
    otherTabs?.addEventListener('message', check);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', shown);
      otherTabs?.close();
    };
  }, [settle, intervalMs]);

  return (
    <SessionContext.Provider value={session}>
      <SessionRefreshContext.Provider value={refresh}>{children}</SessionRefreshContext.Provider>
    </SessionContext.Provider>
  );
}

/** Where the app's tabs in one browser tell each other that the session ended. */
export const SESSION_CHANNEL = 'backoffice-session';

/**
 * Ends the session at our server, and tells the app's other tabs in this browser to check theirs now;
 * answers where to go next (an external identity server's sign-out, or sign-in again).
 */
export async function endSession(): Promise<string> {
  signingOut = true;
  try {
    const response = await fetch('/auth/logout', {
      method: 'POST',
      headers: { accept: 'application/json', 'x-requested-with': 'backoffice' },
      credentials: 'same-origin',
    });
    if (!response.ok) throw new Error(`sign-out failed: ${response.status}`);
    const { redirectTo } = (await response.json()) as { redirectTo: string };
    if (typeof BroadcastChannel !== 'undefined') {
      const otherTabs = new BroadcastChannel(SESSION_CHANNEL);
      otherTabs.postMessage('ended');
      otherTabs.close();
    }
    return redirectTo;
  } catch (error) {
    // Still signed in, or not knowing: the page may go to sign-in again.
    signingOut = false;
    throw error;
  }
}
