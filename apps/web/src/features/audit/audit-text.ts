import { AUDIT_ACTION_LABELS, type AuditEvent, type AuditOutcome, type TeamMember } from '@bizdash/shared';
import type { BadgeTone } from '@/components/ui/status-badge';

export const actionLabel = (event: Pick<AuditEvent, 'action'>) => AUDIT_ACTION_LABELS[event.action];

export const OUTCOME_LABELS: Record<AuditOutcome, string> = { success: 'Success', failure: 'Failed' };
export const OUTCOME_TONES: Record<AuditOutcome, BadgeTone> = { success: 'green', failure: 'red' };

/** The members by id, so an entry can name the person who acted. */
export type PeopleById = ReadonlyMap<string, Pick<TeamMember, 'firstName' | 'lastName' | 'email'>>;

export interface PersonText {
  /** A name, 'API key bzk_test_ab12…', or what is known of the person. */
  name: string;
  /** Their email, when known. */
  email: string | null;
}

const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

/**
 * Who acted: an API key by its prefix, else the person by the name and email the API gives (as they are today),
 * else by the team list; someone no longer known is said so.
 */
export function personOf(event: AuditEvent, people: PeopleById): PersonText {
  if (event.apiKeyPrefix) return { name: `API key ${event.apiKeyPrefix}…`, email: null };
  if (event.actor) return { name: event.actor.name || event.actor.email, email: event.actor.email };
  const member = event.actorPersonId ? people.get(event.actorPersonId) : undefined;
  if (member) return { name: fullName(member) || member.email, email: member.email };
  return { name: 'Unknown person', email: null };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 'settlement_account' -> 'Settlement account'. */
export const humanize = (word: string) => {
  const spaced = word.replace(/[_.]+/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/** What was acted on, short: 'Payout 3f1e2d4c' (a long id cut to its first 8 characters); null for none. */
export function targetText(event: Pick<AuditEvent, 'target'>): string | null {
  if (!event.target) return null;
  const { type, id } = event.target;
  return `${humanize(type)} ${UUID.test(id) ? id.slice(0, 8) : id}`;
}
