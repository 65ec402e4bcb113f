import { INVITATION_LINK_INVALID, TEAM_MESSAGES } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, dbOf, signUpMerchant, sqlRows, useTestApp } from '../../helper.ts';
import { invitationLinkFor, joinedMember, newEmail, teamApi, teamAuditOf } from './team-fixtures.ts';

const PUBLIC_URL = 'https://dashboard.bizdash.example';

describe('team invitations', () => {
  const ctx = useTestApp({ publicUrl: PUBLIC_URL });
  const api = () => teamApi(ctx.app);

  it('invite → email in the sandbox mailbox → the invitee signs up → accepts → acts for the business', async () => {
    const owner = await signUpMerchant(ctx.app, { firstName: 'Adaeze', lastName: 'Okafor' });
    const email = newEmail('finance');

    const invited = await ctx.app.inject({
      method: 'POST',
      url: '/api/team/invitations',
      headers: { ...bearer(owner.token), host: 'evil.example' },
      payload: { email: email.toUpperCase(), role: 'finance' },
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      email,
      role: 'finance',
      status: 'PENDING',
      invitedBy: { id: owner.userId, name: 'Adaeze Okafor' },
    });
    const days = (Date.parse(invited.json().expiresAt) - Date.parse(invited.json().createdAt)) / 86_400_000;
    expect(days).toBe(7);

    const { origin, token, mail } = await invitationLinkFor(ctx.app, email);
    expect(origin).toBe(PUBLIC_URL);
    expect(mail.subject).toMatch(/^Adaeze Okafor invited you to Adaeze Foods .* on Bizdash$/);
    expect(token).toMatch(/^[\w-]{43}$/);
    const [stored] = await sqlRows<{ token_hash: string }>(
      ctx.app,
      sql`select token_hash from team_invitations where id = ${invited.json().id}::uuid`,
    );
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.token_hash).not.toContain(token);

    const preview = await api().preview(token);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      email,
      role: 'finance',
      invitedByName: 'Adaeze Okafor',
      accountExists: false,
    });

    const person = await signUpMerchant(ctx.app, { email, firstName: 'Tunde', lastName: 'Bello' });
    expect((await api().preview(token)).json().accountExists).toBe(true);
    const verified = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/users/${person.userId}`,
          headers: bearer(person.token),
        })
      ).json().emailVerified;
    expect(await verified()).toBe(false);
    const accepted = await api().accept(person, token);
    expect(accepted.statusCode).toBe(200);
    // The link reached only the invited mailbox: joining through it verifies the address.
    expect(await verified()).toBe(true);
    expect(accepted.json()).toEqual({
      businessId: owner.userId,
      businessName: preview.json().businessName,
      role: 'finance',
      twoFactorSetupRequired: false,
    });

    // The member acts for the business by naming it.
    const team = await api().members(person, owner);
    expect(team.statusCode).toBe(200);
    expect(
      team.json().items.map((member: { email: string; role: string }) => [member.email, member.role]),
    ).toEqual([
      [owner.email, 'owner'],
      [email, 'finance'],
    ]);
    const memberships = await api().memberships(person);
    expect(memberships.json().items.map((item: { businessId: string; role: string }) => item)).toEqual([
      expect.objectContaining({ businessId: person.userId, role: 'owner' }),
      expect.objectContaining({ businessId: owner.userId, role: 'finance' }),
    ]);

    // Single use: the link is spent.
    expect((await api().accept(person, token)).json()).toMatchObject({
      code: 'INVITATION_LINK_INVALID',
      error: INVITATION_LINK_INVALID,
    });
    expect((await api().preview(token)).statusCode).toBe(404);
    expect((await api().invitations(owner)).json().items[0]).toMatchObject({ email, status: 'ACCEPTED' });

    expect(
      (await teamAuditOf(ctx.app, owner.userId)).map((entry) => [entry.action, entry.actor_person_id]),
    ).toEqual([
      ['team.invitation_sent', owner.userId],
      ['team.invitation_accepted', person.userId],
    ]);
  });

  it('a person who is not a member of a business gets 404 acting for it', async () => {
    const owner = await signUpMerchant(ctx.app);
    const stranger = await signUpMerchant(ctx.app);
    const response = await api().members(stranger, owner);
    expect(response.statusCode).toBe(404);
  });

  it('resend gives a new link and 7 more days; the old link stops working', async () => {
    const owner = await signUpMerchant(ctx.app);
    const email = newEmail();
    const { id } = (await api().invite(owner, email, 'viewer')).json();
    const first = (await invitationLinkFor(ctx.app, email)).token;
    const resent = await api().resend(owner, id);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ id, status: 'PENDING' });
    const second = (await invitationLinkFor(ctx.app, email)).token;
    expect(second).not.toBe(first);
    expect((await ctx.app.deps.email.mailbox(email)).length).toBe(2);

    const person = await signUpMerchant(ctx.app, { email });
    const old = await api().accept(person, first);
    expect(old.statusCode).toBe(404);
    expect(old.json().code).toBe('INVITATION_LINK_INVALID');
    expect((await api().accept(person, second)).statusCode).toBe(200);
    expect((await api().resend(owner, id)).json()).toMatchObject({
      code: 'INVITATION_NOT_PENDING',
      error: TEAM_MESSAGES.invitationNotPending,
    });
    expect((await teamAuditOf(ctx.app, owner.userId)).map((entry) => entry.action)).toContain(
      'team.invitation_resent',
    );
  });

  it('revoke: the link stops working, and the invitation is listed as REVOKED after the pending ones', async () => {
    const owner = await signUpMerchant(ctx.app);
    const email = newEmail();
    const { id } = (await api().invite(owner, email, 'support')).json();
    const { token } = await invitationLinkFor(ctx.app, email);
    const revoked = await api().revoke(owner, id);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id, status: 'REVOKED' });
    const pending = (await api().invite(owner, newEmail(), 'viewer')).json();

    const person = await signUpMerchant(ctx.app, { email });
    expect((await api().accept(person, token)).json().code).toBe('INVITATION_LINK_INVALID');
    expect((await api().revoke(owner, id)).statusCode).toBe(409);
    expect(
      (await api().invitations(owner))
        .json()
        .items.map((item: { id: string; status: string }) => [item.id, item.status]),
    ).toEqual([
      [pending.id, 'PENDING'],
      [id, 'REVOKED'],
    ]);
    // Revoked, the address may be invited again.
    expect((await api().invite(owner, email, 'support')).statusCode).toBe(201);
    const actions = (await teamAuditOf(ctx.app, owner.userId)).map((entry) => entry.action);
    expect(actions).toContain('team.invitation_revoked');
  });

  it('an expired link opens nothing; the invitation is EXPIRED and may be resent', async () => {
    const owner = await signUpMerchant(ctx.app);
    const email = newEmail();
    const { id } = (await api().invite(owner, email, 'developer')).json();
    const { token } = await invitationLinkFor(ctx.app, email);
    await dbOf(ctx.app).execute(
      sql`update team_invitations set expires_at = now() - interval '1 minute' where id = ${id}::uuid`,
    );
    const person = await signUpMerchant(ctx.app, { email });
    expect((await api().preview(token)).json().code).toBe('INVITATION_LINK_INVALID');
    expect((await api().accept(person, token)).json().code).toBe('INVITATION_LINK_INVALID');
    expect((await api().invitations(owner)).json().items[0]).toMatchObject({ id, status: 'EXPIRED' });
    // Expired, it is no longer waiting: a new invitation to the address is fine.
    expect((await api().resend(owner, id)).json().status).toBe('PENDING');
  });

  it('another email than the invited one cannot accept, and is told which email the invitation is for', async () => {
    const owner = await signUpMerchant(ctx.app);
    const email = newEmail();
    await api().invite(owner, email, 'viewer');
    const { token } = await invitationLinkFor(ctx.app, email);
    const someoneElse = await signUpMerchant(ctx.app);
    const response = await api().accept(someoneElse, token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'INVITATION_EMAIL_MISMATCH',
      error: `This invitation is for ${email}. Sign in with that email's account to accept it.`,
    });
    // Not spent: the right person still can.
    const invitee = await signUpMerchant(ctx.app, { email: email.toUpperCase() });
    expect((await api().accept(invitee, token)).statusCode).toBe(200);
  });

  it('refuses inviting a member, or an address with an invitation waiting', async () => {
    const owner = await signUpMerchant(ctx.app);
    const member = await joinedMember(ctx.app, owner, 'viewer');
    const again = await api().invite(owner, member.email, 'admin');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_A_MEMBER',
      error: `${member.email} is already a member of this team.`,
    });
    expect((await api().invite(owner, owner.email, 'admin')).json().code).toBe('ALREADY_A_MEMBER');

    const email = newEmail();
    await api().invite(owner, email, 'viewer');
    const twice = await api().invite(owner, email, 'admin');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'INVITATION_PENDING',
      error: `An invitation to ${email} is already waiting to be accepted: resend it instead.`,
    });
  });

  it("another business's invitation ids are 404, and only owners and admins manage invitations", async () => {
    const owner = await signUpMerchant(ctx.app);
    const other = await signUpMerchant(ctx.app);
    const { id } = (await api().invite(owner, newEmail(), 'viewer')).json();
    expect((await api().resend(other, id)).statusCode).toBe(404);
    expect((await api().revoke(other, id)).statusCode).toBe(404);
    expect((await api().invitations(other)).json().items).toEqual([]);

    const admin = await joinedMember(ctx.app, owner, 'admin');
    expect((await api().invite(admin, newEmail(), 'viewer', owner)).statusCode).toBe(201);
    const finance = await joinedMember(ctx.app, owner, 'finance');
    const refused = await api().invite(finance, newEmail(), 'viewer', owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ROLE_REQUIRED',
      error: 'Only an owner or admin member can invite, change or remove team members',
    });
    expect((await api().invitations(finance, owner)).json().code).toBe('ROLE_REQUIRED');
  });

  it('answers hostile input with 400 and changes nothing', async () => {
    const owner = await signUpMerchant(ctx.app);
    const bodies = [
      { email: 'not-an-email', role: 'viewer' },
      { email: newEmail(), role: 'owner' },
      { email: newEmail(), role: 'ADMIN' },
      { email: newEmail() },
      { email: `${'a'.repeat(300)}@example.com`, role: 'viewer' },
      { email: ['x@example.com'], role: 'viewer' },
    ];
    for (const body of bodies) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/team/invitations',
        headers: bearer(owner.token),
        payload: body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api().invitations(owner)).json().items).toEqual([]);
    expect((await api().resend(owner, 'not-a-uuid')).statusCode).toBe(400);
    expect((await api().revoke(owner, "1' or 1=1 --")).statusCode).toBe(400);
    const person = await signUpMerchant(ctx.app);
    for (const token of ['', 'x'.repeat(600)]) {
      expect((await api().accept(person, token)).statusCode).toBe(400);
    }
    expect((await api().accept(person, 'no-such-token')).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/team/invitations/preview' })).statusCode).toBe(400);
    expect((await api().preview("'; drop table team_invitations; --")).statusCode).toBe(404);
  });

  it('accepting needs a session: without one 401', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/team/invitations/accept',
      payload: { token: 'anything' },
    });
    expect(response.statusCode).toBe(401);
  });
});
