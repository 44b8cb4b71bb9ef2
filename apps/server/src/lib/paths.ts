import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server package's folder, found from this module both in the source tree and in the bundle. */
export const serverRoot: string = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('server package root not found');
    dir = parent;
  }
  return dir;
})();

export const migrationsDir = join(serverRoot, 'drizzle');
export const defaultWebDistDir = resolve(serverRoot, '../web/dist');
