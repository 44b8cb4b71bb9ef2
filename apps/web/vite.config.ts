import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';

/** A build step that runs once the bundle is written, with the output folder at hand. */
function afterWrite(name: string, step: (outDir: string, bundle: Rollup.OutputBundle) => void): Plugin {
  let outDir = 'dist';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      step(outDir, bundle);
    },
  };
}

/**
 * Writes dist/.vite/chunks.json: each output chunk with its static imports and the modules inside it,
 * which the bundle budget check (tools/check-bundle-budget.mjs) reads.
 */
const chunkReport = afterWrite('backoffice-chunk-report', (outDir, bundle) => {
  const chunks = Object.values(bundle)
    .filter((item) => item.type === 'chunk')
    .map((chunk) => ({
      fileName: chunk.fileName,
      isEntry: chunk.isEntry,
      imports: chunk.imports,
      dynamicImports: chunk.dynamicImports,
      facadeModuleId: chunk.facadeModuleId,
      moduleIds: chunk.moduleIds,
      size: chunk.code.length,
    }));
  writeFileSync(join(outDir, '.vite', 'chunks.json'), JSON.stringify(chunks, null, 2));
});

/** `zod` is the app's own module: zod with its messages in the page's language (src/lib/zod.ts). */
export const zodAlias = {
  find: /^zod$/,
  replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)),
};

/** Assets smaller than this are sent as they are (the server compresses nothing below 1 KB either). */
const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes `name.br` and `name.gz` next to every script, style and SVG of the build, compressed once at
 * the strongest settings, which the server sends to browsers that accept them (plugins/spa.ts).
 */
const precompress = afterWrite('backoffice-precompress', (outDir, bundle) => {
  for (const fileName of Object.keys(bundle)) {
    if (!/\.(js|css|svg)$/.test(fileName)) continue;
    const content = readFileSync(join(outDir, fileName));
    if (content.length < PRECOMPRESS_MIN_BYTES) continue;
    writeFileSync(
      join(outDir, `${fileName}.br`),
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(join(outDir, `${fileName}.gz`), gzipSync(content, { level: 9 }));
  }
});

export default defineConfig({
  plugins: [react(), chunkReport, precompress],
  resolve: { alias: [zodAlias] },
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
