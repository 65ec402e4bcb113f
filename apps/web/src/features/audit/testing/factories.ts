import { type AuditEvent, AuditEventSchema, type TeamMember, TeamMemberSchema } from '@bizdash/shared';
import { USER_ID } from '@/testing/factories';

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;

/** The business's owner (the signed-in merchant of every test) as the team lists them. */
export function buildMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return TeamMemberSchema.parse({
    id: USER_ID,
    firstName: 'Ada',
    lastName: 'Okafor',
    email: 'ada@example.com',
    role: 'owner',
    twoFactorEnabled: false,
    joinedAt: '2026-01-05T09:00:00.000Z',
    lastActiveAt: '2026-11-26T09:00:00.000Z',
    ...overrides,
  });
}

/** A successful sign-in of the owner from Lagos in Chrome, each with its own id, sequence and hash. */
export function buildAuditEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  const id = nextId('a0d1e2f3');
  return AuditEventSchema.parse({
    id,
    sequence,
    occurredAt: '2026-11-26T09:15:00.000Z',
    actorPersonId: USER_ID,
    apiKeyPrefix: null,
    actingUserId: USER_ID,
    action: 'auth.sign_in',
    target: null,
    ip: '102.89.34.7',
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
    outcome: 'success',
    details: {},
    hash: sequence.toString(16).padStart(64, 'a'),
    actor: { name: 'Ada Okafor', email: 'ada@example.com' },
    device: 'Chrome on macOS',
    ...overrides,
  });
}
