import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes dist/.vite/chunks.json: each output chunk with its static imports and the modules inside it,
 * which the bundle budget check (tools/check-bundle-budget.mjs) reads.
 */
function chunkReport(): Plugin {
  let outDir = 'dist';
  return {
    name: 'backoffice-chunk-report',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle)
        .filter((item) => item.type === 'chunk')
        .map((chunk) => ({
          fileName: chunk.fileName,
          isEntry: chunk.isEntry,
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          facadeModuleId: chunk.facadeModuleId,
          moduleIds: chunk.moduleIds,
        }));
      writeFileSync(join(outDir, '.vite', 'chunks.json'), JSON.stringify(chunks, null, 2));
    },
  };
}

export default defineConfig({
  plugins: [react(), chunkReport()],
  build: { manifest: true, sourcemap: true, target: 'es2022' },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/auth': 'http://localhost:3000',
      '/oidc': 'http://localhost:3000',
    },
  },
});
