/** Demo data for `npm start`: believable master data, written once and left alone afterwards. */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jurisdictions } from '../db/schema/index';

export const demoJurisdictions = [
  'Malta (MGA)',
  'United Kingdom (UKGC)',
  'Germany (GGL)',
  'Sweden (SGA)',
  'Denmark (DGA)',
  'Curaçao',
  'Ontario (AGCO)',
  'Spain (DGOJ)',
  'Italy (ADM)',
  'Netherlands (KSA)',
  'Gibraltar',
  'Isle of Man',
];

export async function seedDemo(db: Db): Promise<void> {
  await db
    .insert(jurisdictions)
    .values(demoJurisdictions.map((name) => ({ name })))
    .onConflictDoNothing();
  // The demo keeps its printed one-step sign-ins: no role needs a second factor until someone says so in
  // master data (only while the settings were never changed, so a choice made there stays).
  await db.execute(sql`update global_settings set second_factor_roles = '{}'
    where id = 1 and version = 1`);
}
