/**
 * What the server's one thread spends on a page's instants: a page of 20 jurisdictions read as the lists
 * read it (`recordColumns`: PostgreSQL writes each instant as ISO text), against the same page read as
 * dates that Node parses and formats again (the way before), in the same process on real PostgreSQL. It
 * counts Node's CPU time per page (`process.cpuUsage`), not the wall clock: PostgreSQL's share runs in
 * its own process, and under load the server's thread is what runs out first (docs/performance.md).
 */
import { asc, getTableColumns } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { jurisdictions } from '../apps/server/src/db/schema/index';
import { recordColumns } from '../apps/server/src/lib/config-repository';
import { toIso, type Prepared } from '../apps/server/src/lib/sql';
import { createTestDatabase } from '../apps/server/src/test/databases';
import { percentile } from './lib/measure';

const PAGE = 20;
const PAGES_PER_ROUND = 2_000;
const ROUNDS = 8;

export async function run(): Promise<void> {
  const database = await createTestDatabase('postgres');
  try {
    const { db } = database;
    for (let n = 1; n <= PAGE; n++) await db.insert(jurisdictions).values({ name: `Jurisdiction ${n}` });
    const firstPage = <Row>(fields: SelectedFields, name: string) =>
      db
        .select(fields)
        .from(jurisdictions)
        .orderBy(asc(jurisdictions.name))
        .limit(PAGE)
        .prepare(name) as Prepared<Row>;
    const asDates = firstPage<typeof jurisdictions.$inferSelect>(getTableColumns(jurisdictions), 'as_dates');
    const asText = firstPage<unknown>(recordColumns(jurisdictions), 'as_text');
    const ways = {
      'read as dates, formatted in Node': async () =>
        (await asDates.execute({})).map((row) => ({
          ...row,
          createdAt: toIso(row.createdAt),
          updatedAt: toIso(row.updatedAt),
        })),
      'read as text (recordColumns)': async () => asText.execute({}),
    };
    const [dates, text] = await Promise.all(Object.values(ways).map((way) => way()));
    if (JSON.stringify(dates) !== JSON.stringify(text)) throw new Error('the two ways answer differently');

    const samples = new Map<string, number[]>(Object.keys(ways).map((name) => [name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, way] of Object.entries(ways)) {
        const start = process.cpuUsage();
        for (let i = 0; i < PAGES_PER_ROUND; i++) await way();
        const used = process.cpuUsage(start);
        samples.get(name)!.push((used.user + used.system) / PAGES_PER_ROUND);
      }
    }
    const median = (values: number[]) => percentile(values, 50);
    const [baseline, subject] = [...samples.values()].map(median);
    console.log(`\nNode's CPU per page of ${PAGE} records, median of ${ROUNDS} rounds of ${PAGES_PER_ROUND}`);
    for (const [name, values] of samples) {
      const cost = median(values);
      console.log(
        `  ${name.padEnd(40)} ${cost.toFixed(1).padStart(7)} µs   ${(cost / baseline!).toFixed(2)}×`,
      );
    }
    console.log(`  saved per page: ${(baseline! - subject!).toFixed(1)} µs of the server's thread`);
  } finally {
    await database.destroy();
  }
}
