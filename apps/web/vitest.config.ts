import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    // Screen tests type and click through whole forms: 3–4 s alone on two cores, over 5 s (vitest's
    // default) when another suite shares the machine. A limit against hangs, not a speed measure.
    testTimeout: 20_000,
  },
});
