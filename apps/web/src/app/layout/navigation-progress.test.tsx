import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { setLanguage } from '../../test/render';
import { NavigationProgress, ProgressBar, PROGRESS_DELAY_MS, PROGRESS_FILL_MS } from './navigation-progress';

const bar = () => screen.queryByTestId('navigation-progress');

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** Renders the bar and returns a function to change whether a navigation is under way. */
function renderProgress(active: boolean) {
  const view = render(<ProgressBar active={active} />);
  return (next: boolean) => view.rerender(<ProgressBar active={next} />);
}

beforeEach(async () => {
  await setLanguage('en');
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ProgressBar', () => {
  it('uses the spec constants: 200 ms delay, about 5 s fill', () => {
    expect(PROGRESS_DELAY_MS).toBe(200);
    expect(PROGRESS_FILL_MS).toBe(5000);
  });

  it('renders nothing while no navigation is under way', () => {
    renderProgress(false);
    advance(1000);
    expect(bar()).toBeNull();
  });

  it('stays hidden for the first 199 ms of a navigation', () => {
    renderProgress(true);
    expect(bar()).toBeNull();
    advance(199);
    expect(bar()).toBeNull();
  });

  it('appears at 200 ms, running, filling over 5000 ms', () => {
    renderProgress(true);
    advance(200);

    const shown = bar();
    expect(shown).not.toBeNull();
    expect(shown!.getAttribute('data-state')).toBe('running');
    expect(shown!.getAttribute('role')).toBe('progressbar');
    // Named for screen readers (axe: aria-progressbar-name), in the user's language.
    expect(shown!.getAttribute('aria-label')).toBe('Loading the page');
    expect(shown!.getAttribute('aria-busy')).toBe('true');
    expect(shown!.style.getPropertyValue('--fill-duration')).toBe('5000ms');
  });

  it('never shows the bar for a navigation that finishes within 200 ms', () => {
    const setActive = renderProgress(true);
    advance(150);
    setActive(false);

    for (let elapsed = 0; elapsed < 2000; elapsed += 50) {
      advance(50);
      expect(bar(), `after ${150 + elapsed + 50} ms`).toBeNull();
    }
  });

  it('finishes and then disappears when the navigation ends while the bar runs', () => {
    const setActive = renderProgress(true);
    advance(1200);
    expect(bar()!.getAttribute('data-state')).toBe('running');

    setActive(false);
    expect(bar()!.getAttribute('data-state')).toBe('finishing');
    expect(bar()!.getAttribute('aria-busy')).toBe('false');

    advance(1000);
    expect(bar()).toBeNull();
  });

  it('shows again for the next slow navigation', () => {
    const setActive = renderProgress(true);
    advance(300);
    setActive(false);
    advance(1000);
    expect(bar()).toBeNull();

    setActive(true);
    advance(199);
    expect(bar()).toBeNull();
    advance(1);
    expect(bar()!.getAttribute('data-state')).toBe('running');
  });
});

describe('NavigationProgress', () => {
  it('follows the router: shows during a slow navigation and goes away when it ends', async () => {
    let finishLoading: (value: null) => void = () => {};
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              <NavigationProgress />
              <Outlet />
            </>
          ),
          children: [
            { index: true, element: <p>start</p> },
            {
              path: 'slow',
              loader: () => new Promise<null>((resolve) => (finishLoading = resolve)),
              element: <p>slow page</p>,
            },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText('start')).toBeTruthy();

    act(() => void router.navigate('/slow'));
    advance(199);
    expect(bar()).toBeNull();
    advance(1);
    expect(bar()!.getAttribute('data-state')).toBe('running');

    await act(async () => finishLoading(null));
    expect(screen.getByText('slow page')).toBeTruthy();
    expect(bar()!.getAttribute('data-state')).toBe('finishing');
    advance(1000);
    expect(bar()).toBeNull();
  });
});
