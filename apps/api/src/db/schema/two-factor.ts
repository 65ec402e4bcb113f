import { bigint, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * A merchant's authenticator-app secret, sealed by the secret box (bound to the user). enabled_at is null while the
 * set-up waits for its first code. A code is accepted once per time step and purpose (RFC 6238 5.2): last_sign_in_step
 * for sign-in, last_used_step for steps taken in a session (turning it on, recovery codes, payouts), so the code
 * that turned it on still signs in (ADR 037). last_challenge_issued_at spends sign-in challenges: the one that signed
 * in and every one issued before it.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date' }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  lastSignInStep: bigint('last_sign_in_step', { mode: 'number' }),
  lastChallengeIssuedAt: timestamp('last_challenge_issued_at', { withTimezone: true, mode: 'date' }),
  ...timestamps,
});

/** Single-use recovery codes, kept only as keyed hashes. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('two_factor_recovery_codes_user_hash_idx').on(table.userId, table.codeHash)],
);
