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
  },
});
