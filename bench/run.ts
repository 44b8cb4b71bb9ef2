/** Runs every benchmark on the real PostgreSQL of DATABASE_URL (default: the local server). */
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

const { run: jurisdictionsList } = await import('./jurisdictions-list.bench');
const { run: catalogueLists } = await import('./catalogue-lists.bench');
const { run: ingest } = await import('./ingest.bench');
const { run: reports } = await import('./reports.bench');
const { run: platformData } = await import('./platform-data.bench');
const { run: instants } = await import('./instants.bench');
const { run: httpSession } = await import('./http-session.bench');
const { run: loadMix } = await import('./load-mix.bench');
const { run: lighthouse } = await import('./lighthouse.bench');
const only = process.argv[2];
const benchmarks = {
  'jurisdictions-list': jurisdictionsList,
  'catalogue-lists': catalogueLists,
  ingest,
  reports,
  'platform-data': platformData,
  instants,
  'http-session': httpSession,
  'load-mix': loadMix,
  lighthouse,
};
for (const [name, benchmark] of Object.entries(benchmarks)) {
  if (!only || name === only) await benchmark();
}

export {};
