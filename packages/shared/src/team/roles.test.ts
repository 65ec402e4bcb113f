import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  type Permission,
  ROLE_PERMISSIONS,
  roleCan,
  roleRequiredMessage,
  rolesWith,
  TEAM_ROLE_LABELS,
  TEAM_ROLES,
} from './roles.ts';

const docs = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/permissions.md'), 'utf8');

/** The table of docs/permissions.md as { permission: { Owner: true, … } }. */
function documentedMatrix() {
  const lines = docs.split('\n').filter((line) => line.startsWith('| `'));
  const [header] = docs.split('\n').filter((line) => line.startsWith('| Permission'));
  const roles = (header ?? '')
    .split('|')
    .slice(3, -1)
    .map((cell) => cell.trim());
  return {
    roles,
    rows: Object.fromEntries(
      lines.map((line) => {
        const cells = line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim());
        const permission = (cells[0] ?? '').replaceAll('`', '');
        return [permission, Object.fromEntries(roles.map((role, index) => [role, cells[index + 2] === '✓']))];
      }),
    ),
  };
}

describe('the role matrix', () => {
  it('is the table docs/permissions.md shows, cell for cell', () => {
    const { roles, rows } = documentedMatrix();
    expect(roles).toEqual(TEAM_ROLES.map((role) => TEAM_ROLE_LABELS[role]));
    expect(Object.keys(rows)).toEqual(Object.keys(PERMISSIONS));
    for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
      for (const role of TEAM_ROLES) {
        expect(rows[permission]?.[TEAM_ROLE_LABELS[role]], `${role} ${permission}`).toBe(
          roleCan(role, permission),
        );
      }
    }
  });

  it('gives the owner everything, and an admin all but ownership', () => {
    expect(ROLE_PERMISSIONS.owner).toEqual(Object.keys(PERMISSIONS));
    expect(rolesWith('business.own')).toEqual(['owner']);
    expect(ROLE_PERMISSIONS.admin).toHaveLength(Object.keys(PERMISSIONS).length - 1);
  });

  it('lets no role but owner and admin manage the team, and keeps money out of support and viewers', () => {
    expect(rolesWith('team.manage')).toEqual(['owner', 'admin']);
    expect(roleCan('support', 'payouts.create')).toBe(false);
    expect(roleCan('viewer', 'refunds.create')).toBe(false);
    expect(roleCan('developer', 'money.read')).toBe(false);
  });

  it('says who can in the refusal sentence', () => {
    expect(roleRequiredMessage('payouts.create')).toBe(
      'Only an owner, admin or finance member can make payouts',
    );
    expect(roleRequiredMessage('business.own')).toBe(
      'Only an owner can transfer ownership or delete the business',
    );
    expect(roleRequiredMessage('disputes.answer')).toBe(
      'Only an owner, admin or support member can answer disputes',
    );
  });
});
