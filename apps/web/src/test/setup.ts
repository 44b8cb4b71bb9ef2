import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens render Mantine-heavy trees; under a loaded CI machine the first paint can exceed the 1 s default.
configure({ asyncUtilTimeout: 3000 });

// Screen tests have no server: a request no test answered (no `stubFetch`, or after a test took its stub
// away) fails at once, as a network error would, instead of happy-dom opening a real connection to
// localhost. Tests stub over this and `vi.unstubAllGlobals()` brings it back.
globalThis.fetch = (input: RequestInfo | URL) =>
  Promise.reject(
    new TypeError(
      `screen tests have no server: nothing answers ${input instanceof Request ? input.url : String(input)}`,
    ),
  );

afterEach(() => {
  cleanup();
  // Notifications live in a store of their own, outside the unmounted tree: none is left for the next test.
  notifications.clean();
});
