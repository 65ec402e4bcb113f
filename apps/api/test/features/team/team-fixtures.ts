import { randomUUID } from 'node:crypto';
import type { TeamRole } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect, vi } from 'vitest';
import { bearer, type Merchant, signUpMerchant, sqlRows } from '../../helper.ts';

export const newEmail = (name = 'invitee') => `${name}-${randomUUID().slice(0, 8)}@example.com`;

/** Headers of a person acting for a business (their session, the business named in user_id). */
export const actingFor = (person: Merchant, business: Merchant) => ({
  ...bearer(person.token),
  user_id: business.userId,
});

export function teamApi(app: FastifyInstance) {
  return {
    invite: (by: Merchant, email: string, role: TeamRole | string = 'finance', business = by) =>
      app.inject({
        method: 'POST',
        url: '/api/team/invitations',
        headers: actingFor(by, business),
        payload: { email, role },
      }),
    invitations: (by: Merchant, business = by) =>
      app.inject({ url: '/api/team/invitations', headers: actingFor(by, business) }),
    resend: (by: Merchant, id: string, business = by) =>
      app.inject({
        method: 'POST',
        url: `/api/team/invitations/${id}/resend`,
        headers: actingFor(by, business),
      }),
    revoke: (by: Merchant, id: string, business = by) =>
      app.inject({ method: 'DELETE', url: `/api/team/invitations/${id}`, headers: actingFor(by, business) }),
    preview: (token: string) =>
      app.inject({ url: `/api/team/invitations/preview?token=${encodeURIComponent(token)}` }),
    accept: (person: Merchant, token: string) =>
      app.inject({
        method: 'POST',
        url: '/api/team/invitations/accept',
        headers: bearer(person.token),
        payload: { token },
      }),
    members: (person: Merchant, business: Merchant) =>
      app.inject({ url: '/api/team/members', headers: actingFor(person, business) }),
    memberships: (person: Merchant) =>
      app.inject({ url: '/api/team/memberships', headers: bearer(person.token) }),
    changeRole: (by: Merchant, personId: string, role: string, business = by) =>
      app.inject({
        method: 'PATCH',
        url: `/api/team/members/${personId}`,
        headers: actingFor(by, business),
        payload: { role },
      }),
    remove: (by: Merchant, personId: string, business = by) =>
      app.inject({
        method: 'DELETE',
        url: `/api/team/members/${personId}`,
        headers: actingFor(by, business),
      }),
    transfer: (by: Merchant, payload: object, business = by) =>
      app.inject({
        method: 'POST',
        url: '/api/team/transfer-ownership',
        headers: actingFor(by, business),
        payload,
      }),
    settings: (by: Merchant, requireTwoFactor: boolean, business = by) =>
      app.inject({
        method: 'PUT',
        url: '/api/team/settings',
        headers: actingFor(by, business),
        payload: { requireTwoFactor },
      }),
  };
}

/** The token of the newest invitation link mailed to `email` (the sandbox mailbox), and the whole mail. */
export async function invitationLinkFor(app: FastifyInstance, email: string) {
  const [mail] = await app.deps.email.mailbox(email, 1);
  const match = mail?.text.match(/(\S+)\/invitations\/accept\?token=([\w%-]+)/);
  if (!mail || !match?.[2]) throw new Error(`no invitation mailed to ${email}`);
  return { origin: match[1], token: decodeURIComponent(match[2]), mail };
}

/** Invites `email` with `role`, signs them up with that email and accepts: a member who joined the real way. */
export async function joinedMember(app: FastifyInstance, owner: Merchant, role: TeamRole) {
  const api = teamApi(app);
  const email = newEmail(role);
  expect((await api.invite(owner, email, role)).statusCode).toBe(201);
  const { token } = await invitationLinkFor(app, email);
  const person = await signUpMerchant(app, { email, firstName: 'Tunde', lastName: 'Bello' });
  expect((await api.accept(person, token)).statusCode).toBe(200);
  return person;
}

/** The team's audit entries in the business's chain, oldest first. */
export const teamAuditOf = (app: FastifyInstance, businessId: string) =>
  sqlRows<{
    action: string;
    actor_person_id: string | null;
    target_id: string | null;
    details: Record<string, unknown>;
  }>(
    app,
    sql`select action, actor_person_id, target_id, details from audit_events
        where chain = ${businessId} and action like 'team.%' order by sequence`,
  );

/** The code an authenticator app shows for `secret` now. */
export const codeAt = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

/** Turns two-factor on for a person's own account; the clock (Date only) moves on so the next code is new. */
export async function enableTwoFactor(app: FastifyInstance, person: Merchant) {
  vi.useFakeTimers({ toFake: ['Date'] });
  const post = (path: string, payload?: object) =>
    app.inject({
      method: 'POST',
      url: `/api/users/${person.userId}/two-factor${path}`,
      headers: bearer(person.token),
      ...(payload ? { payload } : {}),
    });
  const { secret } = (await post('/setup')).json() as { secret: string };
  expect((await post('/enable', { code: codeAt(secret) })).statusCode).toBe(200);
  vi.setSystemTime(Date.now() + 90_000);
  return secret;
}
