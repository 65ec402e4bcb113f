import type { FastifyInstance } from 'fastify';
import { deleteEventsOfUsers } from '../jobs/recorded-events.ts';
import { demoTeamActivity } from './demo-team-activity.ts';
import { demoClient } from './demo-team-client.ts';
import { DEMO_PENDING_INVITATION, DEMO_TEAM, type DemoPerson } from './demo-team-people.ts';
import { type DatedHistory, timeline } from './demo-timeline.ts';

/** The events the team's activity emits (its sign-ins): history, not news, so they are forgotten afterwards. */
const ACTIVITY_EVENTS = ['security.signed_in'] as const;

export interface DemoTeam {
  /** Runs the team's dated activity up to a moment (the demo's payouts call it before each of theirs). */
  upTo: DatedHistory;
  /** Runs what is left of it and forgets the events it emitted; the team as it ends up. */
  finish(): Promise<{ members: DemoPerson[]; pending: typeof DEMO_PENDING_INVITATION }>;
}

/**
 * The demo business's team and three months of its activity (issue 23 §4), written through the real routes at the
 * moments they happened: the owner invites four people, each signs up and accepts from the invitation email, then
 * sign-ins (a few mistyped), API key and webhook changes, a settlement account, a role change, a setting turned on,
 * and an invitation left open. Nothing runs until `upTo` or `finish` is called.
 */
export function seedDemoTeam(
  app: FastifyInstance,
  owner: { userId: string; email: string; password: string },
  now = Date.now(),
): DemoTeam {
  const client = demoClient(app, owner.userId);
  const people = new Map<string, string>();
  const upTo = timeline(
    demoTeamActivity({ app, client, owner, now, joined: (email, id) => people.set(email, id) }),
  );
  return {
    upTo,
    async finish() {
      await upTo(new Date(now));
      await app.deps.database.db.transaction((tx) =>
        deleteEventsOfUsers(tx, [owner.userId, ...people.values()], [...ACTIVITY_EVENTS]),
      );
      return { members: DEMO_TEAM, pending: DEMO_PENDING_INVITATION };
    },
  };
}
