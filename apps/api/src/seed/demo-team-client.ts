import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DemoPerson, Device } from './demo-team-people.ts';

export interface Session {
  token: string;
  personId: string;
  device: Device;
}

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: InjectOptions['payload'];
  /** A signed-in person's session; the request acts for the demo business (its id in the user_id header). */
  session?: Session;
  /** For the person's own account instead (no user_id header): accepting an invitation. */
  ownAccount?: boolean;
}

/**
 * The demo's requests, made through the app's own routes as the dashboard makes them: from the person's device
 * (its address and browser), signed in as them, acting for the business.
 */
export function demoClient(app: FastifyInstance, businessId: string) {
  const send = async (device: Device, call: Call): Promise<LightMyRequestResponse> =>
    app.inject({
      method: call.method,
      url: call.url,
      payload: call.payload,
      remoteAddress: device.ip,
      headers: {
        'user-agent': device.userAgent,
        ...(call.session ? { authorization: `Bearer ${call.session.token}` } : {}),
        ...(call.session && !call.ownAccount ? { user_id: businessId } : {}),
      },
    });
  const expect = async (device: Device, call: Call, status: number) => {
    const response = await send(device, call);
    if (response.statusCode !== status) {
      throw new Error(
        `demo team: ${call.method} ${call.url} answered ${response.statusCode}: ${response.body}`,
      );
    }
    return response.json() as Record<string, unknown>;
  };
  return {
    businessId,
    send,
    expect,
    /** As the session's person, acting for the business. */
    as: (session: Session, call: Omit<Call, 'session'>, status = 200) =>
      expect(session.device, { ...call, session }, status),
    async signIn(email: string, password: string, device: Device): Promise<Session> {
      const body = await expect(
        device,
        { method: 'POST', url: '/api/auth/signin', payload: { email, password } },
        200,
      );
      if (typeof body.token !== 'string')
        throw new Error(`demo team: ${email} needs a second factor to sign in`);
      return { token: body.token, personId: String(body.userId), device };
    },
    /** A mistyped password: refused, and recorded as a failed sign-in. */
    async mistypePassword(email: string, password: string, device: Device) {
      await expect(
        device,
        { method: 'POST', url: '/api/auth/signin', payload: { email, password: `${password}x` } },
        401,
      );
    },
  };
}
export type DemoClient = ReturnType<typeof demoClient>;

/**
 * The link's token in the newest invitation email to `email`, read from the sandbox outbox the way the invitee
 * reads their mail.
 */
async function invitationTokenFor(app: FastifyInstance, email: string): Promise<string> {
  const messages = await app.deps.email.mailbox(email);
  for (const message of messages) {
    const token = /[?&]token=([^\s&#)>"]+)/.exec(message.text)?.[1];
    if (token) return decodeURIComponent(token);
  }
  throw new Error(`demo team: no invitation email reached ${email}`);
}

/**
 * The invitee creates their account through the real sign-up (or signs in, when an earlier seed made it) and
 * accepts the invitation from their email as themselves.
 */
export async function joinTeam(
  app: FastifyInstance,
  client: DemoClient,
  person: DemoPerson,
  password: string,
): Promise<Session> {
  const device = person.devices[0] as Device;
  const signUp = await client.send(device, {
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      email: person.email,
      password,
      firstName: person.firstName,
      lastName: person.lastName,
      phoneNumber: '08031234567',
      businessName: `${person.firstName} ${person.lastName}`,
      countryOfBusiness: 'Nigeria',
    },
  });
  const session =
    signUp.statusCode === 201
      ? { token: String(signUp.json().token), personId: String(signUp.json().userId), device }
      : await client.signIn(person.email, password, device);
  const token = await invitationTokenFor(app, person.email);
  await client.expect(
    device,
    // Accepting is the invitee's own act, on their own account (no business named yet).
    { method: 'POST', url: '/api/team/invitations/accept', payload: { token }, session, ownAccount: true },
    200,
  );
  return session;
}
