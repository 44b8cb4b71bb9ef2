/**
 * Roles and permissions (spec §6, architecture §2): the one declarative matrix that the server enforces on
 * every API route (deny by default) and the web app uses to hide what a role may not use.
 */
export const roles = ['admin', 'developer', 'qa', 'support', 'accountant', 'visitor'] as const;
export type Role = (typeof roles)[number];

export const permissions = [
  'noRestrictions',
  'playGames',
  'viewReports',
  'viewGameConfigurations',
  'viewGameRounds',
  'adjustGameLaunchParameters',
  'adjustBridgeSettings',
  'playerSupportActions',
  'recordSignificantEvents',
] as const;
export type Permission = (typeof permissions)[number];

const matrix: Record<Permission, readonly Role[]> = {
  noRestrictions: ['admin'],
  playGames: ['admin', 'developer', 'qa'],
  viewReports: ['admin', 'developer', 'accountant', 'visitor'],
  viewGameConfigurations: ['admin', 'developer', 'qa', 'support', 'visitor'],
  viewGameRounds: ['admin', 'developer', 'qa', 'support', 'accountant'],
  adjustGameLaunchParameters: ['admin', 'developer'],
  adjustBridgeSettings: ['admin', 'developer'],
  playerSupportActions: ['admin', 'support'],
  // Not in the spec's matrix: who explains changes in the figures (decision 017).
  recordSignificantEvents: ['admin', 'developer', 'accountant'],
};

export const permissionMatrix: Readonly<Record<Permission, readonly Role[]>> = matrix;

export function hasPermission(role: Role, permission: Permission): boolean {
  return matrix[permission].includes(role);
}

export function permissionsOf(role: Role): Permission[] {
  return permissions.filter((permission) => hasPermission(role, permission));
}

/**
 * What a route requires: a permission of the matrix, any signed-in user (`authenticated`, e.g. the own
 * account), or nobody (`public`, e.g. health checks). Every API route declares one.
 */
export type Access = Permission | 'authenticated' | 'public';

/** The web app checks its session this often (spec §4). */
export const SESSION_CHECK_INTERVAL_MS = 5_000;
