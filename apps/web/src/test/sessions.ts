import { permissionsOf, type Role, type SessionInfo, type SessionSecondFactor } from '@backoffice/contracts';

/**
 * A signed-in session of a user with the role, as GET /auth/session answers it; no second factor required
 * unless `secondFactor` says otherwise.
 */
export function testSession(
  role: Role = 'admin',
  secondFactor: SessionSecondFactor = { required: false, enrolled: false, managedByIssuer: false },
): SessionInfo {
  return {
    sessionId: `session-${role}`,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    user: {
      id: '00000000-0000-4000-8000-00000000000a',
      username: role,
      email: `${role}@backoffice.local`,
      firstName: 'Test',
      lastName: role,
      role,
      permissions: permissionsOf(role),
      casinoIds: [],
      integrationIds: [],
    },
    secondFactor,
  };
}
