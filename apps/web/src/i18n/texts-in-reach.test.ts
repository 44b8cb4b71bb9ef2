/**
 * Every text a screen asks for is loaded with it. The main texts come with the first page; an area's own
 * texts (i18n/index.ts, AREA_TEXTS) only with that area's screens (app/routes.tsx). A component shared
 * between areas that asked for another area's text showed the text's key instead (`reports.filters.all` in
 * player support's round search). So each file's literal keys (`t('…')`, `i18nKey="…"`) are looked up in
 * the texts that every screen reaching it through its imports has loaded; a key built at run time is
 * checked up to its first placeholder.
 */
import { errorMessages } from '@backoffice/contracts/error-messages/en';
import { describe, expect, it } from 'vitest';
import enMain from './en.json';
import { AREA_TEXTS, type AreaTexts } from './index';

type Tree = Record<string, unknown>;

/** The main texts as the app loads them: with the catalogue's error messages (i18n/index.ts). */
const mainTexts: Tree = { ...enMain, errors: errorMessages };

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const areaTexts = new Map(
  Object.entries(import.meta.glob<Tree>('./*.en.json', { eager: true, import: 'default' })).map(
    ([file, tree]) => [file.replace(/^\.\/(.+)\.en\.json$/, '$1'), tree],
  ),
);

/** The file an import names, as a key of `sources` (`../lib/x.ts`); undefined for packages and data. */
function resolved(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  const path = parts.join('/');
  return [`${path}.ts`, `${path}.tsx`, `${path}/index.ts`, `${path}/index.tsx`].find(
    (file) => file in sources,
  );
}

const IMPORTS = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** The files a file imports, statically or not. */
function importsOf(file: string): string[] {
  return [...sources[file]!.matchAll(IMPORTS)]
    .map(([, specifier]) => resolved(file, specifier!))
    .filter((found): found is string => found !== undefined);
}

/** The areas' screens and the texts routes.tsx loads with each (`withTexts(import(…), 'texts')`). */
function areaEntries(): { entry: string; texts: AreaTexts[] }[] {
  const routes = '../app/routes.tsx';
  const found = [...sources[routes]!.matchAll(/import\('([^']+\/features\/[^']+)'\)(?:,\s*'(\w+)')?/g)];
  return found.map(([, specifier, texts]) => ({
    entry: resolved(routes, specifier!)!,
    texts: texts ? [texts as AreaTexts] : [],
  }));
}

/** The files reached from `entry` through imports, not crossing into the areas' own entries. */
function reached(entry: string, stops: ReadonlySet<string>): Set<string> {
  const seen = new Set([entry]);
  const next = [entry];
  for (let file = next.pop(); file !== undefined; file = next.pop()) {
    for (const imported of importsOf(file)) {
      if (seen.has(imported) || stops.has(imported)) continue;
      seen.add(imported);
      next.push(imported);
    }
  }
  return seen;
}

const KEY = /(?:\bt\(\s*|\bi18nKey=\{?)(?:'([^']+)'|"([^"]+)"|`([^`]+)`)/g;

/** The keys a file asks for: whole, or up to the last dot before a placeholder (none if it starts with one). */
function keysOf(file: string): string[] {
  return [...sources[file]!.matchAll(KEY)]
    .map(([, single, double, template]) => {
      if (!template) return (single ?? double)!;
      const fixed = template.split('${')[0]!;
      return fixed === template ? template : fixed.slice(0, Math.max(0, fixed.lastIndexOf('.')));
    })
    .filter((key) => key !== '');
}

function has(tree: Tree, key: string): boolean {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return false;
    node = (node as Tree)[part];
  }
  // A plural's texts are `key_one`, `key_other`.
  return node !== undefined || (key.includes('.') && has(tree, `${key}_other`));
}

describe('texts in reach', () => {
  const entries = areaEntries();
  const stops = new Set(entries.map(({ entry }) => entry));

  it('finds the areas of routes.tsx and their texts', () => {
    expect(entries.length).toBeGreaterThan(10);
    expect(entries.flatMap(({ texts }) => texts).sort()).toEqual(
      expect.arrayContaining([...AREA_TEXTS].sort()),
    );
  });

  it.each([{ entry: '../main.tsx', texts: [] as AreaTexts[] }, ...entries])(
    'every key asked for from $entry is among the texts loaded with it',
    ({ entry, texts }) => {
      const loaded = [mainTexts, ...texts.map((area) => areaTexts.get(area)!)];
      const files = reached(entry, stops);
      expect(files.size).toBeGreaterThan(1);
      const missing = [...files].flatMap((file) =>
        keysOf(file)
          .filter((key) => !loaded.some((tree) => has(tree, key)))
          .map((key) => `${file}: ${key}`),
      );
      expect(missing).toEqual([]);
    },
  );
});
