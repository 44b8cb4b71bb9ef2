/**
 * A filtered, sorted list page of the jurisdictions service on real PostgreSQL with 10,000 rows, against
 * the trivial query `select 1` through the same pool as baseline.
 */
import { sql } from 'drizzle-orm';
import { createJurisdictionsService } from '../apps/server/src/modules/jurisdictions/jurisdictions.service';
import { createTestDatabase } from '../apps/server/src/test/databases';
import { report, time } from './lib/measure';

export async function run(): Promise<void> {
  const database = await createTestDatabase('postgres');
  try {
    await database.db.execute(
      sql`insert into jurisdictions (name) select 'Jurisdiction ' || lpad(i::text, 5, '0') from generate_series(1, 10000) i`,
    );
    await database.db.execute(sql`analyze jurisdictions`);
    const baseline = await time('baseline: select 1', 300, () => database.db.execute(sql`select 1`));
    // The service as the app runs it (on the plan-caching connections, decision 037), and on the main pool,
    // where PostgreSQL plans a prepared statement with its values until a generic plan is as good.
    for (const [label, db] of [
      ['planned once per connection', database.plannedDb],
      ['main pool, planned by PostgreSQL', database.db],
    ] as const) {
      const service = createJurisdictionsService(db);
      const firstPage = await time(`${label}: first page, sorted by name`, 300, () =>
        service.list({ page: 1, pageSize: 20, sort: 'name', order: 'asc' }),
      );
      const filtered = await time(`${label}: filtered "99", sorted by updatedAt desc, page 3`, 300, () =>
        service.list({ page: 3, pageSize: 20, sort: 'updatedAt', order: 'desc', q: '99' }),
      );
      const broad = await time(`${label}: filtered "Jurisdiction", page 1`, 300, () =>
        service.list({ page: 1, pageSize: 20, sort: 'name', order: 'asc', q: 'Jurisdiction' }),
      );
      const deep = await time(`${label}: page 400 of 500, sorted by name desc`, 300, () =>
        service.list({ page: 400, pageSize: 20, sort: 'name', order: 'desc' }),
      );
      report(`Jurisdictions list on PostgreSQL, 10,000 rows, ${label}`, baseline, [
        firstPage,
        filtered,
        broad,
        deep,
      ]);
    }
  } finally {
    await database.destroy();
  }
}
