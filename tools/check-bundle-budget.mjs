// Fails the build when the JavaScript a first visit needs exceeds the budget, or when chart or date
// libraries sneak into it: those must load lazily with their screens. A first visit needs the app shell,
// the home screen and what the start imports dynamically: the texts and error messages of one language
// (the larger counts).
// e2e/first-visit.e2e.ts measures the same in Chromium, signed in, as the browser really fetches it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 200 * 1024;
const FORBIDDEN = [
  /\/recharts\//,
  /\/@mantine\/charts\//,
  /\/@mantine\/dates\//,
  /\/dayjs\//,
  /\/d3-[a-z]+\//,
];
const FIRST_ROUTE = /\/features\/home\/index\.tsx?$/;
/** Imported dynamically at start (i18n/index.ts): one language's texts and error messages. */
const LANGUAGE_TEXTS = /\/(i18n\/(de|en)\.json|error-messages\/(de|en)\.ts)$/;

export function initialChunks(chunks) {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  const home = chunks.find((chunk) => chunk.facadeModuleId && FIRST_ROUTE.test(chunk.facadeModuleId));
  if (!entry || !home) throw new Error('entry or first-route chunk not found in the build report');
  const seen = new Set();
  const visit = (fileName) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const dependency of byFile.get(fileName)?.imports ?? []) visit(dependency);
  };
  visit(entry.fileName);
  visit(home.fileName);
  const ofLanguage = (language) =>
    chunks.filter((chunk) =>
      LANGUAGE_TEXTS.exec(chunk.facadeModuleId ?? '')
        ?.slice(2)
        .includes(language),
    );
  const [de, en] = [ofLanguage('de'), ofLanguage('en')];
  if (de.length !== 2 || en.length !== 2)
    throw new Error('language text chunks not found in the build report');
  const total = (list) => list.reduce((sum, chunk) => sum + chunk.size, 0);
  for (const chunk of total(de) >= total(en) ? de : en) visit(chunk.fileName);
  return [...seen].map((fileName) => byFile.get(fileName));
}

export function checkBudget(distDir) {
  const chunks = JSON.parse(readFileSync(join(distDir, '.vite', 'chunks.json'), 'utf8'));
  const initial = initialChunks(chunks);
  const sizes = initial.map((chunk) => ({
    file: chunk.fileName,
    gzip: gzipSync(readFileSync(join(distDir, chunk.fileName))).length,
  }));
  const total = sizes.reduce((sum, item) => sum + item.gzip, 0);
  const forbidden = initial.flatMap((chunk) =>
    chunk.moduleIds
      .filter((id) => FORBIDDEN.some((pattern) => pattern.test(id)))
      .map((id) => `${chunk.fileName}: ${id}`),
  );
  return { sizes, total, forbidden, ok: total <= BUDGET_BYTES && forbidden.length === 0 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const distDir = process.argv[2] ?? 'apps/web/dist';
  const result = checkBudget(distDir);
  for (const { file, gzip } of result.sizes.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${(gzip / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  }
  console.log(
    `initial JavaScript: ${(result.total / 1024).toFixed(1)} KB gzipped (budget ${BUDGET_BYTES / 1024} KB)`,
  );
  for (const line of result.forbidden) console.error(`not allowed in the initial bundle: ${line}`);
  if (!result.ok) {
    console.error('bundle budget exceeded');
    process.exit(1);
  }
}
