import type { TeamMember } from '@bizdash/shared';

/** Team members as the API lists them (the signed-in owner is db.team's first by default). */
export function buildMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id: '5d2e7a10-3b4c-4d5e-8f60-718293a4b5c6',
    firstName: 'Bola',
    lastName: 'Adeyemi',
    email: 'bola@example.com',
    role: 'finance',
    twoFactorEnabled: true,
    joinedAt: '2026-10-01T09:00:00.000Z',
    lastActiveAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}
