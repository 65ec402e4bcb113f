import { randomUUID } from 'node:crypto';
import { CURRENT_PASSWORD_INCORRECT, TEAM_MESSAGES, TWO_FACTOR_REQUIRED_MESSAGE } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearer, PASSWORD, signUpMerchant, sqlRows, useTestApp } from '../../helper.ts';
import { generateKey } from '../api-keys/api-key-fixtures.ts';
import { actingFor, codeAt, enableTwoFactor, joinedMember, teamApi, teamAuditOf } from './team-fixtures.ts';

describe('team members', () => {
  const ctx = useTestApp();
  const api = () => teamApi(ctx.app);
  afterEach(() => {
    vi.useRealTimers();
  });

  const rolesOf = async (businessId: string) =>
    (
      await sqlRows<{ person_id: string; role: string }>(
        ctx.app,
        sql`select person_id, role from team_members where business_id = ${businessId}::uuid order by role`,
      )
    ).map((row) => [row.person_id, row.role]);

  const startPayout = (person: { token: string }, businessId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/payouts',
      headers: { ...bearer(person.token), user_id: businessId, 'idempotency-key': randomUUID() },
      payload: { walletId: randomUUID(), bankAccountId: randomUUID(), amount: 100_000 },
    });

  it('lists every member with name, email, role, two-factor, joined and last active, the owner first', async () => {
    const owner = await signUpMerchant(ctx.app, { firstName: 'Adaeze', lastName: 'Okafor' });
    const admin = await joinedMember(ctx.app, owner, 'admin');
    const response = await api().members(owner, owner);
    expect(response.statusCode).toBe(200);
    const { items, requireTwoFactor } = response.json();
    expect(requireTwoFactor).toBe(false);
    expect(items).toEqual([
      expect.objectContaining({
        id: owner.userId,
        firstName: 'Adaeze',
        lastName: 'Okafor',
        email: owner.email,
        role: 'owner',
        twoFactorEnabled: false,
      }),
      expect.objectContaining({ id: admin.userId, firstName: 'Tunde', email: admin.email, role: 'admin' }),
    ]);
    // The admin acted for the business: last active is written (at most once a minute, off the request's path).
    await api().members(admin, owner);
    await vi.waitFor(async () => {
      const listed = (await api().members(owner, owner)).json().items[1];
      expect(listed.lastActiveAt).not.toBeNull();
    });
  });

  it("a role change takes effect at the member's next request (finance → viewer cannot make payouts)", async () => {
    const owner = await signUpMerchant(ctx.app);
    const finance = await joinedMember(ctx.app, owner, 'finance');
    const before = await startPayout(finance, owner.userId);
    expect(before.json().code).not.toBe('ROLE_REQUIRED');

    const changed = await api().changeRole(owner, finance.userId, 'viewer');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: finance.userId, role: 'viewer' });

    const after = await startPayout(finance, owner.userId);
    expect(after.statusCode).toBe(409);
    expect(after.json()).toMatchObject({
      code: 'ROLE_REQUIRED',
      error: 'Only an owner, admin or finance member can make payouts',
      permission: 'payouts.create',
    });
    // The role is checked before the input: a body it may not send anyway is refused by role, not corrected.
    const invalid = await ctx.app.inject({
      method: 'POST',
      url: '/api/payouts',
      headers: { ...bearer(finance.token), user_id: owner.userId, 'idempotency-key': randomUUID() },
      payload: { walletId: 'not-a-wallet', amount: -1 },
    });
    expect(invalid.statusCode).toBe(409);
    expect(invalid.json().code).toBe('ROLE_REQUIRED');
    // Still signed in: reading is fine.
    expect((await api().members(finance, owner)).statusCode).toBe(200);
    const [entry] = (await teamAuditOf(ctx.app, owner.userId)).filter(
      (row) => row.action === 'team.member_role_changed',
    );
    expect(entry).toMatchObject({
      actor_person_id: owner.userId,
      target_id: finance.userId,
      details: { before: { role: 'finance' }, after: { role: 'viewer' } },
    });
  });

  it("the owner's role cannot be changed, nobody becomes owner by a role change, and members cannot change roles", async () => {
    const owner = await signUpMerchant(ctx.app);
    const admin = await joinedMember(ctx.app, owner, 'admin');
    const support = await joinedMember(ctx.app, owner, 'support');
    const ownerChange = await api().changeRole(admin, owner.userId, 'viewer', owner);
    expect(ownerChange.statusCode).toBe(409);
    expect(ownerChange.json()).toMatchObject({
      code: 'OWNER_ROLE_FIXED',
      error: TEAM_MESSAGES.ownerRoleFixed,
    });
    expect((await api().changeRole(owner, admin.userId, 'owner')).statusCode).toBe(400);
    expect((await api().changeRole(owner, admin.userId, 'superuser')).statusCode).toBe(400);
    expect((await api().changeRole(support, admin.userId, 'viewer', owner)).json().code).toBe(
      'ROLE_REQUIRED',
    );
    expect((await api().changeRole(admin, support.userId, 'finance', owner)).statusCode).toBe(200);
    expect(await rolesOf(owner.userId)).toEqual(
      expect.arrayContaining([
        [owner.userId, 'owner'],
        [admin.userId, 'admin'],
        [support.userId, 'finance'],
      ]),
    );
  });

  it('removal signs the person out at their next request; the owner cannot be removed', async () => {
    const owner = await signUpMerchant(ctx.app);
    const developer = await joinedMember(ctx.app, owner, 'developer');
    expect((await api().members(developer, owner)).statusCode).toBe(200);

    const removed = await api().remove(owner, developer.userId);
    expect(removed.statusCode).toBe(204);
    expect((await api().members(developer, owner)).statusCode).toBe(401);
    expect((await api().memberships(developer)).statusCode).toBe(401);
    expect(await rolesOf(owner.userId)).toEqual([[owner.userId, 'owner']]);

    const admin = await joinedMember(ctx.app, owner, 'admin');
    const ownerRemoved = await api().remove(admin, owner.userId, owner);
    expect(ownerRemoved.statusCode).toBe(409);
    expect(ownerRemoved.json()).toMatchObject({
      code: 'OWNER_CANNOT_BE_REMOVED',
      error: TEAM_MESSAGES.ownerCannotBeRemoved,
    });
    expect((await api().members(owner, owner)).statusCode).toBe(200);
    const actions = (await teamAuditOf(ctx.app, owner.userId)).map((row) => row.action);
    expect(actions).toContain('team.member_removed');
  });

  it("another business's member ids are 404, and so is an id that is no one's", async () => {
    const owner = await signUpMerchant(ctx.app);
    const other = await signUpMerchant(ctx.app);
    const theirs = await joinedMember(ctx.app, other, 'viewer');
    expect((await api().changeRole(owner, theirs.userId, 'admin')).statusCode).toBe(404);
    expect((await api().remove(owner, theirs.userId)).statusCode).toBe(404);
    expect((await api().remove(owner, other.userId)).statusCode).toBe(404);
    expect((await api().transfer(owner, { memberId: theirs.userId, password: PASSWORD })).statusCode).toBe(
      404,
    );
    expect((await api().remove(owner, randomUUID())).statusCode).toBe(404);
    expect((await api().remove(owner, 'not-an-id')).statusCode).toBe(400);
    expect(await rolesOf(other.userId)).toEqual(
      expect.arrayContaining([
        [other.userId, 'owner'],
        [theirs.userId, 'viewer'],
      ]),
    );
  });

  it('transfers ownership to an admin with the password: the owner becomes admin; a wrong password changes nothing', async () => {
    const owner = await signUpMerchant(ctx.app);
    const admin = await joinedMember(ctx.app, owner, 'admin');
    const viewer = await joinedMember(ctx.app, owner, 'viewer');

    const wrong = await api().transfer(owner, { memberId: admin.userId, password: 'Wr0ng!Passw0rd' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_INCORRECT',
      error: CURRENT_PASSWORD_INCORRECT,
    });
    const notAdmin = await api().transfer(owner, { memberId: viewer.userId, password: PASSWORD });
    expect(notAdmin.json()).toMatchObject({
      code: 'TRANSFER_TARGET_NOT_ADMIN',
      error: TEAM_MESSAGES.transferTargetNotAdmin,
    });
    expect(
      (await api().transfer(admin, { memberId: admin.userId, password: PASSWORD }, owner)).json().code,
    ).toBe('ROLE_REQUIRED');
    const rolesBefore = await rolesOf(owner.userId);
    expect(rolesBefore).toContainEqual([owner.userId, 'owner']);

    const done = await api().transfer(owner, { memberId: admin.userId, password: PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: TEAM_MESSAGES.ownershipTransferred });
    expect(await rolesOf(owner.userId)).toEqual(
      expect.arrayContaining([
        [owner.userId, 'admin'],
        [admin.userId, 'owner'],
        [viewer.userId, 'viewer'],
      ]),
    );
    // The former owner is an admin now: no second transfer, and the new owner may manage them.
    expect((await api().transfer(owner, { memberId: admin.userId, password: PASSWORD })).json().code).toBe(
      'ROLE_REQUIRED',
    );
    expect((await api().members(owner, owner)).json().items[0]).toMatchObject({
      id: admin.userId,
      role: 'owner',
    });
    expect((await api().memberships(owner)).json().items[0]).toMatchObject({
      businessId: owner.userId,
      role: 'admin',
    });
    const removeOpener = await api().remove(admin, owner.userId, owner);
    expect(removeOpener.json().code).toBe('ACCOUNT_HOLDER_CANNOT_BE_REMOVED');
    const [entry] = (await teamAuditOf(ctx.app, owner.userId)).filter(
      (row) => row.action === 'team.ownership_transferred',
    );
    expect(entry).toMatchObject({ actor_person_id: owner.userId, target_id: admin.userId });
  });

  it('with two-factor on, the transfer also takes a code', async () => {
    const owner = await signUpMerchant(ctx.app);
    const admin = await joinedMember(ctx.app, owner, 'admin');
    const secret = await enableTwoFactor(ctx.app, owner);
    const noCode = await api().transfer(owner, { memberId: admin.userId, password: PASSWORD });
    expect(noCode.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_REQUIRED' });
    const badCode = await api().transfer(owner, {
      memberId: admin.userId,
      password: PASSWORD,
      code: '000000',
    });
    expect(badCode.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_INCORRECT' });
    expect(await rolesOf(owner.userId)).toContainEqual([owner.userId, 'owner']);
    const done = await api().transfer(owner, {
      memberId: admin.userId,
      password: PASSWORD,
      code: codeAt(secret),
    });
    expect(done.statusCode).toBe(200);
    expect(await rolesOf(owner.userId)).toContainEqual([admin.userId, 'owner']);
  });

  it("requiring two-factor: the owner's own first; then a member without it can only reach their own account", async () => {
    const owner = await signUpMerchant(ctx.app);
    const member = await joinedMember(ctx.app, owner, 'finance');
    const refused = await api().settings(owner, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'OWNER_TWO_FACTOR_OFF',
      error: TEAM_MESSAGES.ownerTwoFactorOff,
    });
    expect((await api().settings(member, true, owner)).json().code).toBe('ROLE_REQUIRED');

    await enableTwoFactor(ctx.app, owner);
    const on = await api().settings(owner, true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ requireTwoFactor: true });
    expect((await api().members(owner, owner)).json().requireTwoFactor).toBe(true);

    const blocked = await api().members(member, owner);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', error: TWO_FACTOR_REQUIRED_MESSAGE });
    const own = await api().memberships(member);
    expect(own.statusCode).toBe(200);
    expect(own.json().items).toContainEqual(
      expect.objectContaining({ businessId: owner.userId, twoFactorSetupRequired: true }),
    );
    expect(
      (
        await ctx.app.inject({
          url: `/api/users/${member.userId}/two-factor`,
          headers: bearer(member.token),
        })
      ).statusCode,
    ).toBe(200);

    await enableTwoFactor(ctx.app, member);
    expect((await api().members(member, owner)).statusCode).toBe(200);
    expect((await api().memberships(member)).json().items).toContainEqual(
      expect.objectContaining({ businessId: owner.userId, twoFactorSetupRequired: false }),
    );
    const [entry] = (await teamAuditOf(ctx.app, owner.userId)).filter(
      (row) => row.action === 'team.two_factor_required_changed',
    );
    expect(entry?.details).toEqual({
      before: { requireTwoFactor: false },
      after: { requireTwoFactor: true },
    });
  });

  it('team routes refuse API keys and sessions of nobody', async () => {
    const owner = await signUpMerchant(ctx.app);
    const apiKey = await generateKey(ctx.app, owner);
    const response = await ctx.app.inject({ url: '/api/team/members', headers: bearer(apiKey) });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('API_KEY_NOT_ALLOWED');
    expect((await ctx.app.inject({ url: '/api/team/members' })).statusCode).toBe(401);
    expect(
      (
        await ctx.app.inject({
          url: '/api/team/members',
          headers: actingFor(owner, { ...owner, userId: 'x' }),
        })
      ).statusCode,
    ).toBe(404);
  });
});
