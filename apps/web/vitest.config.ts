import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { zodAlias } from './vite.config';

export default defineProject({
  plugins: [react()],
  // The same zod as the build: its messages follow the page's language (src/lib/zod.ts).
  resolve: { alias: [zodAlias] },
  test: {
    name: 'web',
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    // Screen tests type and click through whole forms: 3–4 s alone on two cores, over 5 s (vitest's
    // default) when another suite shares the machine. A limit against hangs, not a speed measure.
    testTimeout: 20_000,
    // After-each hooks in the order they were registered: the setup's `cleanup` unmounts the screen
    // before a test file's own hooks take its stubbed `fetch` away. (In the default reverse order a screen
    // still mounted could refetch through happy-dom's real fetch, to a server that is not there.)
    sequence: { hooks: 'list' },
  },
});
