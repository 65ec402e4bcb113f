import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  API_KEY_PERMISSIONS,
  PERMISSIONS,
  type Permission,
  roleCan,
  TEAM_ROLE_LABELS,
  TEAM_ROLES,
} from '@bizdash/shared';
import { describe, expect, it } from 'vitest';

const docs = readFileSync(path.resolve(import.meta.dirname, '../../../../../docs/permissions.md'), 'utf8');

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

describe('docs/permissions.md', () => {
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

  it('says what API keys may do exactly as API_KEY_PERMISSIONS holds it', () => {
    const paragraph = docs.split('\n\n').find((each) => each.startsWith('**API keys**')) ?? '';
    const parts = /except (?<except>.+?): (?<allowed>.+?); and the routes open to any member/s.exec(
      paragraph,
    );
    const namesIn = (text = '') => [...text.matchAll(/`([a-z_]+\.[a-z_]+)`/g)].map((match) => match[1]);
    expect(namesIn(parts?.groups?.allowed)).toEqual([...API_KEY_PERMISSIONS]);
    expect(namesIn(parts?.groups?.except)).toEqual(
      Object.keys(PERMISSIONS).filter(
        (permission) => !API_KEY_PERMISSIONS.includes(permission as Permission),
      ),
    );
  });
});
