import { formatCardNumber } from '@bizdash/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxCardAuthorizations } from '../../db/schema/index.ts';
import type { AuthorizationResult, PaymentsProvider } from './payments-provider.ts';
import {
  DECLINE_REASONS,
  SANDBOX_MAX_WRONG_OTPS,
  SANDBOX_OTP,
  SANDBOX_TEST_CARDS,
  sandboxBehaviour,
} from './sandbox-test-cards.ts';

type AuthorizationRow = typeof sandboxCardAuthorizations.$inferSelect;

function resultOf(row: AuthorizationRow): AuthorizationResult {
  if (row.status === 'OTP_REQUIRED') return { outcome: 'OTP_REQUIRED', providerReference: row.id };
  if (row.status === 'DECLINED') {
    return {
      outcome: 'DECLINED',
      providerReference: row.id,
      reason: row.declineReason ?? DECLINE_REASONS.DECLINE,
    };
  }
  return { outcome: 'AUTHORIZED', providerReference: row.id };
}

/**
 * A card network that lives in the app's own database: test cards decide the outcome, OTP holds wait for the
 * code, and every hold ends captured or released. Offline, deterministic and stateful like the real thing.
 */
export function createSandboxPaymentsProvider(db: Db): PaymentsProvider {
  const find = async (id: string) =>
    (await db.select().from(sandboxCardAuthorizations).where(eq(sandboxCardAuthorizations.id, id)))[0];

  const setStatus = (id: string, status: string, from: string[]) =>
    db
      .update(sandboxCardAuthorizations)
      .set({ status })
      .where(and(eq(sandboxCardAuthorizations.id, id), inArray(sandboxCardAuthorizations.status, from)));

  return {
    name: 'sandbox',
    testMode: {
      cards: SANDBOX_TEST_CARDS.map(({ number, outcome }) => ({ number: formatCardNumber(number), outcome })),
      otp: SANDBOX_OTP,
    },

    async authorize(request) {
      const behaviour = sandboxBehaviour(request.card.number);
      const declineReason =
        behaviour === null
          ? DECLINE_REASONS.NOT_A_TEST_CARD
          : behaviour === 'DECLINE' || behaviour === 'INSUFFICIENT_FUNDS'
            ? DECLINE_REASONS[behaviour]
            : null;
      const status = declineReason ? 'DECLINED' : behaviour === 'OTP' ? 'OTP_REQUIRED' : 'AUTHORIZED';
      await db
        .insert(sandboxCardAuthorizations)
        .values({
          merchantReference: request.merchantReference,
          amount: request.amount,
          currency: request.currency,
          cardBrand: request.brand,
          cardLast4: request.card.number.slice(-4),
          status,
          declineReason,
        })
        .onConflictDoNothing({ target: sandboxCardAuthorizations.merchantReference });
      const [row] = await db
        .select()
        .from(sandboxCardAuthorizations)
        .where(eq(sandboxCardAuthorizations.merchantReference, request.merchantReference));
      if (!row) throw new Error('sandbox authorization vanished');
      return resultOf(row);
    },

    async submitOtp(providerReference, otp) {
      const row = await find(providerReference);
      if (!row || row.status === 'DECLINED') {
        return { outcome: 'DECLINED', reason: row?.declineReason ?? DECLINE_REASONS.DECLINE };
      }
      if (row.status !== 'OTP_REQUIRED') return { outcome: 'AUTHORIZED' };
      if (otp === SANDBOX_OTP) {
        await setStatus(row.id, 'AUTHORIZED', ['OTP_REQUIRED']);
        return { outcome: 'AUTHORIZED' };
      }
      const [updated] = await db
        .update(sandboxCardAuthorizations)
        .set({ wrongOtpAttempts: sql`${sandboxCardAuthorizations.wrongOtpAttempts} + 1` })
        .where(eq(sandboxCardAuthorizations.id, row.id))
        .returning({ wrongOtpAttempts: sandboxCardAuthorizations.wrongOtpAttempts });
      const attemptsLeft = SANDBOX_MAX_WRONG_OTPS - (updated?.wrongOtpAttempts ?? SANDBOX_MAX_WRONG_OTPS);
      if (attemptsLeft > 0) return { outcome: 'WRONG_OTP', attemptsLeft };
      await db
        .update(sandboxCardAuthorizations)
        .set({ status: 'DECLINED', declineReason: DECLINE_REASONS.TOO_MANY_WRONG_OTPS })
        .where(eq(sandboxCardAuthorizations.id, row.id));
      return { outcome: 'DECLINED', reason: DECLINE_REASONS.TOO_MANY_WRONG_OTPS };
    },

    async capture(providerReference) {
      await setStatus(providerReference, 'CAPTURED', ['AUTHORIZED']);
    },

    async release(providerReference) {
      await setStatus(providerReference, 'RELEASED', ['AUTHORIZED', 'OTP_REQUIRED']);
    },
  };
}
