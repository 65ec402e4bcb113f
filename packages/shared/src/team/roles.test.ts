import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, roleCan, roleRequiredMessage, rolesWith } from './roles.ts';

describe('the role matrix', () => {
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
