/**
 * Starts the built product once for all e2e specs (support/product.ts): on a fresh PostgreSQL database when
 * DATABASE_URL is set, else on embedded PGlite in memory (tools/run-e2e.mjs runs the suite once per engine).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { root, startProduct } from './product';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
    /** The product's bridge simulator: its protocol URL (the demo bridge's router URL) and control URL. */
    simulatorUrl: string;
    simulatorControlUrl: string;
    skipReason: string;
  }
}

export default async function setup(project: TestProject) {
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  project.provide('chromiumPath', chromiumPath);
  project.provide('skipReason', '');
  if (!existsSync(chromiumPath)) {
    if (process.env.CI)
      throw new Error(`Chromium not found at ${chromiumPath}; CI must install it (apt-get install chromium)`);
    const reason = `e2e skipped: no Chromium at ${chromiumPath} (install Debian's chromium or set CHROMIUM_PATH)`;
    console.warn(reason);
    project.provide('skipReason', reason);
    return;
  }
  if (
    !existsSync(join(root, 'apps/server/dist/main.js')) ||
    !existsSync(join(root, 'apps/web/dist/index.html'))
  ) {
    throw new Error('the product is not built: run `npm run build` first (npm run test:e2e does)');
  }
  const product = await startProduct();
  project.provide('baseUrl', product.baseUrl);
  project.provide('simulatorUrl', product.simulatorUrl);
  project.provide('simulatorControlUrl', product.simulatorControlUrl);
  return product.stop;
}
