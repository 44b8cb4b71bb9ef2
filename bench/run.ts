/** Runs every benchmark on the real PostgreSQL of DATABASE_URL (default: the local server). */
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

const { run: jurisdictionsList } = await import('./jurisdictions-list.bench');
for (const benchmark of [jurisdictionsList]) await benchmark();

export {};
