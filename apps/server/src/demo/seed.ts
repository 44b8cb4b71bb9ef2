/** Demo data for `npm start`: believable master data, written once and left alone afterwards. */
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
}
