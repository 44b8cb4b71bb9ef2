import { describe, expect, it } from 'vitest';
import {
  hasPermission,
  permissionMatrix,
  permissions,
  permissionsOf,
  roles,
  type Permission,
  type Role,
} from './permissions';

/** The matrix of architecture §2 (the spec's permissions), and the ones added by decisions. */
const expected: Record<Permission, Role[]> = {
  noRestrictions: ['admin'],
  playGames: ['admin', 'developer', 'qa'],
  viewReports: ['admin', 'developer', 'accountant', 'visitor'],
  viewGameConfigurations: ['admin', 'developer', 'qa', 'support', 'visitor'],
  viewGameRounds: ['admin', 'developer', 'qa', 'support', 'accountant'],
  adjustGameLaunchParameters: ['admin', 'developer'],
  adjustBridgeSettings: ['admin', 'developer'],
  playerSupportActions: ['admin', 'support'],
  // Decision 019: those who read the reports and explain their figures.
  recordSignificantEvents: ['admin', 'developer', 'accountant'],
};

describe('permission matrix', () => {
  it.each(permissions)('grants %s to exactly the roles of the matrix', (permission) => {
    expect(permissionMatrix[permission]).toEqual(expected[permission]);
    for (const role of roles) {
      expect(hasPermission(role, permission)).toBe(expected[permission].includes(role));
    }
  });

  it('has a row for every permission and no other', () => {
    expect(Object.keys(permissionMatrix).sort()).toEqual([...permissions].sort());
  });

  it('lists the permissions of a role in the matrix order', () => {
    expect(permissionsOf('accountant')).toEqual(['viewReports', 'viewGameRounds', 'recordSignificantEvents']);
    expect(permissionsOf('visitor')).toEqual(['viewReports', 'viewGameConfigurations']);
    expect(permissionsOf('admin')).toEqual([...permissions]);
  });
});
