import { formatCardNumber } from '@bizdash/shared';
import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { sandboxCardAuthorizations as charges } from '../../db/schema/sandbox-card-authorizations.ts';
import { sandboxCardRefunds as cardRefunds } from '../../db/schema/sandbox-card-refunds.ts';
import type { CardPaymentsProvider, ChargeResult, RefundResult } from './payments-provider.ts';
import { type SandboxDisputeOptions, sandboxDisputes } from './sandbox-disputes.ts';
import {
  DECLINE_REASONS,
  REFUND_FAILURE_REASONS,
  refundsFailFor,
  SANDBOX_MAX_WRONG_OTPS,
  SANDBOX_OTP,
  SANDBOX_TEST_CARDS,
  sandboxBehaviour,
} from './sandbox-test-cards.ts';

type ChargeRow = typeof charges.$inferSelect;
type RefundRow = typeof cardRefunds.$inferSelect;

function refundResultOf(row: RefundRow): RefundResult {
  if (row.status === 'SUCCEEDED') return { state: 'SUCCEEDED', refundId: row.id };
  if (row.status === 'FAILED')
    return {
      state: 'FAILED',
      refundId: row.id,
      reason: row.failureReason ?? REFUND_FAILURE_REASONS.CARD_REFUSES,
    };
  return { state: 'PENDING', refundId: row.id };
}

/** Where a charge stands, as the network answers it. */
function resultOf(row: ChargeRow): ChargeResult {
  switch (row.status) {
    case 'CAPTURED':
      return { outcome: 'CAPTURED', providerReference: row.id };
    case 'OTP_REQUIRED':
      return { outcome: 'OTP_REQUIRED', providerReference: row.id };
    case 'RELEASED':
      return { outcome: 'DECLINED', providerReference: row.id, reason: DECLINE_REASONS.CANCELLED };
    case 'REFUNDED':
      return { outcome: 'DECLINED', providerReference: row.id, reason: DECLINE_REASONS.REFUNDED };
    default:
      return {
        outcome: 'DECLINED',
        providerReference: row.id,
        reason: row.declineReason ?? DECLINE_REASONS.DECLINE,
      };
  }
}

/**
 * A charge's authorization, written once per payment: a second charge for the same reference returns the first
 * one's row untouched (the no-op update is what makes `returning` answer it). Prepared: it is on every card
 * payment's path (issue 26 §4).
 */
const authorizeOnceQuery = preparedQuery(
  'sandbox_card_authorize_once',
  ['merchantReference', 'amount', 'currency', 'cardBrand', 'cardLast4', 'status', 'declineReason'],
  (db, values) =>
    db
      .insert(charges)
      .values(values)
      .onConflictDoUpdate({
        target: charges.merchantReference,
        set: { merchantReference: sql`excluded.merchant_reference`, updatedAt: sql`${charges.updatedAt}` },
      })
      .returning(),
);

function declineReasonOf(cardNumber: string) {
  const behaviour = sandboxBehaviour(cardNumber);
  if (behaviour === null) return DECLINE_REASONS.NOT_A_TEST_CARD;
  if (behaviour === 'DECLINE' || behaviour === 'INSUFFICIENT_FUNDS') return DECLINE_REASONS[behaviour];
  return null;
}

/**
 * A card network that lives in the app's own database: test cards decide the outcome, OTP charges wait for the
 * code, and every charge ends captured, declined, released or refunded. Each call is one statement whose change
 * is conditional on where the charge stands, so concurrent calls for one charge (several codes at once, a code
 * racing a cancel) settle it once, and a call that changed nothing answers from where the charge now is.
 */
export function createSandboxPaymentsProvider(
  db: Db,
  options: { refundSeconds: number } & SandboxDisputeOptions,
): CardPaymentsProvider {
  const standing = async (id: string): Promise<ChargeResult> => {
    const [row] = await db.select().from(charges).where(eq(charges.id, id));
    return row
      ? resultOf(row)
      : { outcome: 'DECLINED', providerReference: null, reason: DECLINE_REASONS.DECLINE };
  };
  const wrongAfter = sql`${charges.wrongOtpAttempts} + 1`;
  const usedUp = sql`${wrongAfter} >= ${SANDBOX_MAX_WRONG_OTPS}`;

  return {
    flow: 'card',
    name: 'sandbox',
    testMode: {
      cards: SANDBOX_TEST_CARDS.map(({ number, outcome }) => ({ number: formatCardNumber(number), outcome })),
      otp: SANDBOX_OTP,
    },

    async charge(request) {
      const declineReason = declineReasonOf(request.card.number);
      const wantsCode = sandboxBehaviour(request.card.number) === 'OTP';
      const [row] = await authorizeOnceQuery(db, {
        merchantReference: request.merchantReference,
        amount: request.amount,
        currency: request.currency,
        cardBrand: request.brand,
        cardLast4: request.card.number.slice(-4),
        status: declineReason ? 'DECLINED' : wantsCode ? 'OTP_REQUIRED' : 'CAPTURED',
        declineReason,
      });
      if (!row) throw new Error('sandbox charge vanished');
      return resultOf(row);
    },

    async submitOtp(providerReference, otp) {
      const waiting = and(eq(charges.id, providerReference), eq(charges.status, 'OTP_REQUIRED'));
      if (otp === SANDBOX_OTP) {
        const [captured] = await db
          .update(charges)
          .set({ status: 'CAPTURED' })
          .where(waiting)
          .returning({ id: charges.id });
        if (captured) return { outcome: 'CAPTURED' };
      } else {
        // Counted and, at the limit, declined in the same statement: however many codes arrive at once, at most
        // SANDBOX_MAX_WRONG_OTPS are ever checked.
        const [counted] = await db
          .update(charges)
          .set({
            wrongOtpAttempts: wrongAfter,
            status: sql`case when ${usedUp} then 'DECLINED' else ${charges.status} end`,
            declineReason: sql`case when ${usedUp} then ${DECLINE_REASONS.TOO_MANY_WRONG_OTPS} else ${charges.declineReason} end`,
          })
          .where(waiting)
          .returning({ wrongOtpAttempts: charges.wrongOtpAttempts, status: charges.status });
        if (counted?.status === 'DECLINED') {
          return { outcome: 'DECLINED', reason: DECLINE_REASONS.TOO_MANY_WRONG_OTPS };
        }
        if (counted) {
          return { outcome: 'WRONG_OTP', attemptsLeft: SANDBOX_MAX_WRONG_OTPS - counted.wrongOtpAttempts };
        }
      }
      // The charge is no longer waiting for a code: answer where it stands.
      const result = await standing(providerReference);
      if (result.outcome === 'CAPTURED') return { outcome: 'CAPTURED' };
      if (result.outcome === 'DECLINED') return { outcome: 'DECLINED', reason: result.reason };
      throw new Error('sandbox charge is waiting for a code but took none');
    },

    lookup: standing,

    async cancel(providerReference) {
      await db
        .update(charges)
        .set({ status: sql`case when ${charges.status} = 'CAPTURED' then 'REFUNDED' else 'RELEASED' end` })
        .where(and(eq(charges.id, providerReference), inArray(charges.status, ['OTP_REQUIRED', 'CAPTURED'])));
    },

    /*
     * A refund is taken at once and settles refundSeconds later, as a real network answers a while after: then
     * SUCCEEDED, or FAILED for a charge of the card whose refunds fail (its outcome is known, and kept, from the
     * start). One refund per reference: asking again returns the first.
     */
    async refund(request) {
      const [charge] = await db.select().from(charges).where(eq(charges.id, request.providerReference));
      if (charge?.status !== 'CAPTURED') {
        return { state: 'FAILED', refundId: null, reason: REFUND_FAILURE_REASONS.NOT_CAPTURED };
      }
      const [earlier] = await db
        .select()
        .from(cardRefunds)
        .where(eq(cardRefunds.refundReference, request.refundReference));
      if (earlier) return refundResultOf(earlier);
      // As a real network does: the refunds of a charge never add up to more than it captured.
      const [taken] = await db
        .select({ total: sql<string>`coalesce(sum(${cardRefunds.amount}), 0)` })
        .from(cardRefunds)
        .where(and(eq(cardRefunds.authorizationId, charge.id), ne(cardRefunds.status, 'FAILED')));
      if (Number(taken?.total ?? 0) + request.amount > charge.amount) {
        return { state: 'FAILED', refundId: null, reason: REFUND_FAILURE_REASONS.OVER_CAPTURED };
      }
      const [row] = await db
        .insert(cardRefunds)
        .values({
          refundReference: request.refundReference,
          authorizationId: charge.id,
          amount: request.amount,
          currency: request.currency,
          status: 'PENDING',
          failureReason: refundsFailFor(charge.cardLast4) ? REFUND_FAILURE_REASONS.CARD_REFUSES : null,
          settlesAt: new Date(Date.now() + options.refundSeconds * 1000),
        })
        .onConflictDoUpdate({
          target: cardRefunds.refundReference,
          set: { refundReference: sql`excluded.refund_reference`, updatedAt: sql`${cardRefunds.updatedAt}` },
        })
        .returning();
      if (!row) throw new Error('sandbox refund vanished');
      return refundResultOf(row);
    },

    async lookupRefund({ refundReference }) {
      const mine = eq(cardRefunds.refundReference, refundReference);
      const [settled] = await db
        .update(cardRefunds)
        .set({
          status: sql`case when ${cardRefunds.failureReason} is null then 'SUCCEEDED' else 'FAILED' end`,
        })
        .where(and(mine, eq(cardRefunds.status, 'PENDING'), lte(cardRefunds.settlesAt, new Date())))
        .returning();
      const [row] = settled ? [settled] : await db.select().from(cardRefunds).where(mine);
      if (!row) return { state: 'FAILED', refundId: null, reason: REFUND_FAILURE_REASONS.NOT_CAPTURED };
      return refundResultOf(row);
    },

    ...sandboxDisputes(db, options),
  };
}
