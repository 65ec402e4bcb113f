import type { FastifyInstance } from 'fastify';
import { atMoment, now as clockNow } from '../lib/clock.ts';
import { type DemoClient, joinTeam, type Session } from './demo-team-client.ts';
import {
  DEMO_PENDING_INVITATION,
  DEMO_TEAM,
  type DemoPerson,
  type Device,
  OWNER_DEVICES,
} from './demo-team-people.ts';
import { type DatedStep, dayAt } from './demo-timeline.ts';

interface ActivityContext {
  app: FastifyInstance;
  client: DemoClient;
  owner: { userId: string; email: string; password: string };
  now: number;
  /** Tells the seed who joined (their person id), so their events can be forgotten afterwards. */
  joined: (email: string, personId: string) => void;
}

/** A Zenith Bank number the sandbox directory names Adaeze Okafor, the demo's owner (README, the sandbox's names). */
const ZENITH_ACCOUNT = { bankCode: '057', accountNumber: '2040000958', accountType: 'current' } as const;
/** While Emeka builds the integration, webhooks go to his machine; later to the path the shop's server settled on. */
const FIRST_WEBHOOK_URL = 'http://localhost:3000/webhooks/bizdash';
const LATER_WEBHOOK_URL = 'http://localhost:3000/api/bizdash/webhooks';

const member = (firstName: string) => {
  const found = DEMO_TEAM.find((person) => person.firstName === firstName);
  if (!found) throw new Error(`demo team: no ${firstName}`);
  return found;
};

/**
 * The team's three months, one dated step each (the timeline runs them oldest first, at their moments): joining in
 * the first days, then sign-ins from their devices (two mistyped passwords among them), the developer's API key
 * and webhook, a settlement account the finance member adds, a role change by the admin, a setting the owner turns
 * on, and an invitation sent three days ago that nobody has accepted yet.
 */
export function demoTeamActivity(context: ActivityContext): DatedStep[] {
  const { app, client, owner, now } = context;
  const kayode = member('Kayode');
  const ngozi = member('Ngozi');
  const emeka = member('Emeka');
  const funmi = member('Funmi');
  const personIds = new Map<string, string>();
  const at = (daysAgo: number, time: string, run: () => Promise<unknown>): DatedStep => ({
    at: dayAt(now, daysAgo, time),
    run: async () => {
      await run();
    },
  });
  const deviceOf = (person: DemoPerson, index: number) => person.devices[index] as Device;
  // The dashboard opens on the business: its first request marks the person active in it (the Team tab's column).
  const opensDashboard = async (session: Session) => {
    await client.as(session, { method: 'GET', url: `/api/users/${client.businessId}` });
    return session;
  };
  /** `minutes` after the step's moment (before it when negative): what a visit does after signing in. */
  const later = <T>(minutes: number, work: () => Promise<T>) =>
    atMoment(new Date(clockNow().getTime() + minutes * 60_000), work);
  const signsIn = async (person: DemoPerson, device = 0, mistypedFirst = false) => {
    const from = deviceOf(person, device);
    // A mistyped password a minute before the one that works.
    if (mistypedFirst) await later(-1, () => client.mistypePassword(person.email, owner.password, from));
    return opensDashboard(await client.signIn(person.email, owner.password, from));
  };
  const ownerSignsIn = async (device: number) =>
    opensDashboard(await client.signIn(owner.email, owner.password, OWNER_DEVICES[device] as Device));
  const invite = (session: Session, email: string, role: string) =>
    client.as(session, { method: 'POST', url: '/api/team/invitations', payload: { email, role } }, 201);
  const joins = async (person: DemoPerson) => {
    const session = await joinTeam(app, client, person, owner.password);
    personIds.set(person.email, session.personId);
    context.joined(person.email, session.personId);
  };
  const apiDetails = (session: Session, change: Record<string, unknown>) =>
    client.as(session, {
      method: 'PUT',
      url: '/api/users/update-api-details',
      payload: { userId: client.businessId, ...change },
    });

  return [
    at(88, '08:40', async () => {
      const session = await ownerSignsIn(0);
      // A few minutes apart, as the owner types each address.
      for (const [index, person] of DEMO_TEAM.entries()) {
        await later(3 + index * 3, () => invite(session, person.email, person.invitedAs));
      }
    }),
    at(88, '10:14', () => joins(kayode)),
    at(88, '15:32', () => joins(ngozi)),
    at(87, '09:20', () => joins(emeka)),
    at(86, '11:47', () => joins(funmi)),
    at(85, '10:03', async () => {
      const session = await signsIn(emeka);
      await later(4, () => apiDetails(session, { generateNewKey: true }));
      await later(11, () => apiDetails(session, { webhookUrl: FIRST_WEBHOOK_URL }));
    }),
    at(80, '09:15', async () => {
      const session = await signsIn(ngozi, 1, true);
      const user = await client.as(session, { method: 'GET', url: `/api/users/${client.businessId}` });
      const wallets = user.wallets as { currency: string; walletId: string }[];
      const naira = wallets.find((wallet) => wallet.currency === 'NGN');
      await later(6, () =>
        client.as(
          session,
          {
            method: 'POST',
            url: '/api/bank/add-nigeria-bank',
            payload: { userWalletRecordId: naira?.walletId, ...ZENITH_ACCOUNT },
          },
          201,
        ),
      );
    }),
    at(76, '16:20', () => signsIn(funmi)),
    at(75, '07:55', () => signsIn(kayode, 1)),
    at(66, '19:40', async () => {
      // Tell me in the app when a refund completes (notices by email stay off).
      const session = await ownerSignsIn(1);
      const url = `/api/users/${client.businessId}/notification-settings`;
      const settings = await client.as(session, { method: 'GET', url });
      await later(2, () =>
        client.as(session, { method: 'PUT', url, payload: { ...settings, refunds: true } }),
      );
    }),
    at(58, '10:30', async () => {
      // Funmi has started answering customers: the admin makes her support.
      const session = await signsIn(kayode);
      await later(3, () =>
        client.as(session, {
          method: 'PATCH',
          url: `/api/team/members/${personIds.get(funmi.email)}`,
          payload: { role: funmi.role },
        }),
      );
    }),
    at(58, '11:05', () => signsIn(funmi)),
    at(50, '09:05', () => signsIn(ngozi)),
    at(45, '13:10', () => signsIn(kayode)),
    at(40, '11:25', async () => {
      const session = await signsIn(emeka, 1);
      await later(2, () => apiDetails(session, { generateNewKey: true }));
      await later(9, () => apiDetails(session, { webhookUrl: LATER_WEBHOOK_URL }));
    }),
    at(35, '07:50', () => ownerSignsIn(0)),
    at(33, '09:40', () => signsIn(ngozi, 2, true)),
    at(30, '14:15', () => signsIn(funmi, 1)),
    at(20, '21:30', () => signsIn(kayode, 1, true)),
    at(14, '15:00', () => ownerSignsIn(1)),
    at(12, '10:45', () => signsIn(emeka)),
    at(10, '09:10', () => signsIn(ngozi, 1)),
    at(5, '12:00', () => signsIn(kayode)),
    at(3, '16:45', async () => {
      const session = await ownerSignsIn(0);
      await later(2, () => invite(session, DEMO_PENDING_INVITATION.email, DEMO_PENDING_INVITATION.role));
    }),
    at(3, '17:30', () => signsIn(funmi)),
    at(1, '09:00', () => signsIn(ngozi)),
  ];
}
