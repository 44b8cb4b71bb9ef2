/**
 * Which of our users an identity server's subject is. The embedded server uses our user ids as subjects;
 * an external issuer has its own ids, so a user is found by the verified e-mail of the ID token instead.
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';

export async function findUserForSubject(
  db: Db,
  identity: { subject: string; email: string | undefined; emailVerified: boolean },
) {
  const { subject, email, emailVerified } = identity;
  if (z.uuid().safeParse(subject).success) {
    const [byId] = await db.select().from(users).where(eq(users.id, subject));
    if (byId) return byId;
  }
  if (!email || !emailVerified) return undefined;
  const [byEmail] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return byEmail;
}
