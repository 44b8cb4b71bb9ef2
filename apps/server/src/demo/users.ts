/**
 * Sign-ins for the demo: one user per role with a known password, printed by `npm start`. Production
 * creates nobody except an optional first admin from BOOTSTRAP_ADMIN_EMAIL / BOOTSTRAP_ADMIN_PASSWORD.
 */
import type { Role } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/index';
import type { IdentityService } from '../modules/identity/identity.service';

export interface DemoUser {
  role: Role;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export const demoUsers: DemoUser[] = [
  { role: 'admin', firstName: 'Anna', lastName: 'Berger' },
  { role: 'developer', firstName: 'David', lastName: 'Krüger' },
  { role: 'qa', firstName: 'Quentin', lastName: 'Adler' },
  { role: 'support', firstName: 'Sofia', lastName: 'Nowak' },
  { role: 'accountant', firstName: 'Anton', lastName: 'Keller' },
  { role: 'visitor', firstName: 'Vera', lastName: 'Lind' },
].map((user) => ({
  ...user,
  role: user.role as Role,
  email: `${user.role}@backoffice.local`,
  password: `demo-${user.role}-password`,
}));

async function ensureUser(
  db: Db,
  identity: IdentityService,
  user: {
    username: string;
    email: string;
    firstName: string;
    lastName: string;
    role: Role;
    password: string;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        username: user.username,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created) await identity.setPassword(tx, created.id, user.password);
    return created !== undefined;
  });
}

/** Creates the demo users that do not exist yet; existing ones (and their passwords) stay as they are. */
export async function seedDemoUsers(db: Db, identity: IdentityService): Promise<void> {
  for (const user of demoUsers) await ensureUser(db, identity, { ...user, username: user.role });
}

/** The first admin of a fresh installation; does nothing once any user exists. */
export async function bootstrapAdmin(
  db: Db,
  identity: IdentityService,
  admin: { email: string; password: string },
): Promise<boolean> {
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(users);
  if (total > 0) return false;
  return ensureUser(db, identity, {
    username: admin.email.split('@')[0] || 'admin',
    email: admin.email,
    firstName: '',
    lastName: '',
    role: 'admin',
    password: admin.password,
  });
}

export function printDemoSignIns(url: string): void {
  const rows = demoUsers.map(
    (user) => `    ${user.role.padEnd(11)} ${user.email.padEnd(28)} ${user.password}`,
  );
  console.log(
    `  Sign in at ${url} with one of the demo users:\n\n    ${'role'.padEnd(11)} ${'e-mail'.padEnd(28)} password\n${rows.join('\n')}\n`,
  );
  console.log(
    '  No role needs a second factor in the demo; to require one, choose the roles under Master data →\n' +
      '  Configuration ("Second factor required for"): their users enrol at their next sign-in.\n',
  );
}

/**
 * Gives the demo users other than the admin every casino and integration of the demo, so that each role
 * sees the demo's data (a user's scope limits them to their casinos and integrations; an empty scope
 * shows nothing). Run after all demo casinos and integrations exist; adds only what is missing.
 */
export async function grantDemoScopes(db: Db): Promise<void> {
  const emails = demoUsers.filter((user) => user.role !== 'admin').map((user) => user.email);
  const demo = sql`select id from users where email in (${sql.join(
    emails.map((email) => sql`${email}`),
    sql`, `,
  )})`;
  await db.execute(sql`insert into user_casino_scopes (user_id, casino_id)
    select u.id, c.id from (${demo}) u, casinos c on conflict do nothing`);
  await db.execute(sql`insert into user_integration_scopes (user_id, integration_id)
    select u.id, i.id from (${demo}) u, integrations i on conflict do nothing`);
}
