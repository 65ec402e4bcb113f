import { DISPUTE_REASONS, type DisputeReason } from '@bizdash/shared';
import { and, asc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxCardAuthorizations as charges } from '../../db/schema/sandbox-card-authorizations.ts';
import { sandboxCardDisputes as disputes } from '../../db/schema/sandbox-card-disputes.ts';
import { sandboxCardRefunds as cardRefunds } from '../../db/schema/sandbox-card-refunds.ts';
import type { DisputeUpdate, PaymentsProvider } from './payments-provider.ts';
import {
  SANDBOX_DISPUTED_CARD_LAST4,
  SANDBOX_LOSING_EVIDENCE,
  SANDBOX_WINNING_EVIDENCE,
} from './sandbox-test-cards.ts';

export interface SandboxDisputeOptions {
  /** A captured charge of the disputed card is disputed this long after it was captured. */
  disputeAfterSeconds: number;
  /** Submitted evidence is decided this long after it arrives. */
  disputeReviewSeconds: number;
  /** How long the merchant has to answer a dispute. */
  disputeEvidenceSeconds: number;
}

type DisputeVerbs = Pick<
  PaymentsProvider,
  'disputeUpdates' | 'acknowledgeDisputeUpdate' | 'submitDisputeEvidence' | 'acceptDispute'
>;

const reasonOf = (reason: string): DisputeReason =>
  (DISPUTE_REASONS as readonly string[]).includes(reason) ? (reason as DisputeReason) : 'other';

/**
 * How the sandbox's evidence is judged: `winning_evidence` in the explanation wins, `losing_evidence` loses, and
 * any other evidence loses too (a real network rarely sides with a merchant who shows nothing decisive).
 */
const sandboxEvidenceOutcome = (explanation: string): 'WON' | 'LOST' =>
  explanation.includes(SANDBOX_WINNING_EVIDENCE) && !explanation.includes(SANDBOX_LOSING_EVIDENCE)
    ? 'WON'
    : 'LOST';

/**
 * The sandbox card network's disputes, kept in its own table: the disputed card's captured charges are disputed
 * (as fraudulent) a while after capture for what was captured minus what was refunded (a fully refunded charge is
 * not disputed); evidence is decided after a review delay; no answer by the due date loses it. Every step is one
 * conditional statement, run when the platform polls, so the network's clock moves only when asked.
 */
export function sandboxDisputes(db: Db, options: SandboxDisputeOptions): DisputeVerbs {
  const openDue = async (now: Date) => {
    const capturedBy = new Date(now.getTime() - options.disputeAfterSeconds * 1000);
    const dueBy = new Date(now.getTime() + options.disputeEvidenceSeconds * 1000);
    const refunded = db
      .select({ total: sql`coalesce(sum(${cardRefunds.amount}), 0)` })
      .from(cardRefunds)
      .where(and(eq(cardRefunds.authorizationId, charges.id), ne(cardRefunds.status, 'FAILED')));
    await db.execute(sql`
      insert into ${disputes} (authorization_id, amount, currency, reason, status, evidence_due_by)
      select ${charges.id}, ${charges.amount} - (${refunded}), ${charges.currency}, 'fraudulent', 'NEEDS_RESPONSE',
        ${dueBy.toISOString()}::timestamptz
      from ${charges}
      where ${charges.status} = 'CAPTURED' and ${charges.cardLast4} = ${SANDBOX_DISPUTED_CARD_LAST4}
        and ${charges.updatedAt} <= ${capturedBy.toISOString()}::timestamptz
        and ${charges.amount} - (${refunded}) > 0
        and not exists (select 1 from ${disputes} where ${disputes.authorizationId} = ${charges.id})
      on conflict do nothing`);
  };

  const decideDue = async (now: Date) => {
    await db
      .update(disputes)
      .set({ status: sql`${disputes.outcome}` })
      .where(and(eq(disputes.status, 'UNDER_REVIEW'), lte(disputes.decidesAt, now)));
    await db
      .update(disputes)
      .set({ status: 'LOST', outcome: 'LOST' })
      .where(and(eq(disputes.status, 'NEEDS_RESPONSE'), lte(disputes.evidenceDueBy, now)));
  };

  return {
    async disputeUpdates(limit) {
      const now = new Date();
      await openDue(now);
      await decideDue(now);
      const rows = await db
        .select({ dispute: disputes, chargeId: charges.id })
        .from(disputes)
        .innerJoin(charges, eq(charges.id, disputes.authorizationId))
        .where(or(isNull(disputes.reportedStatus), ne(disputes.reportedStatus, disputes.status)))
        .orderBy(asc(disputes.updatedAt), asc(disputes.id))
        .limit(limit);
      return rows.map(
        ({ dispute, chargeId }): DisputeUpdate => ({
          disputeReference: dispute.id,
          chargeReference: chargeId,
          reason: reasonOf(dispute.reason),
          amount: dispute.amount,
          currency: dispute.currency,
          state: dispute.status,
          evidenceDueBy: dispute.evidenceDueBy,
        }),
      );
    },

    async acknowledgeDisputeUpdate(disputeReference, state) {
      await db
        .update(disputes)
        .set({ reportedStatus: state, updatedAt: sql`${disputes.updatedAt}` })
        .where(and(eq(disputes.id, disputeReference), eq(disputes.status, state)));
    },

    async submitDisputeEvidence(submission) {
      await db
        .update(disputes)
        .set({
          status: 'UNDER_REVIEW',
          outcome: sandboxEvidenceOutcome(submission.explanation),
          decidesAt: new Date(Date.now() + options.disputeReviewSeconds * 1000),
        })
        .where(and(eq(disputes.id, submission.disputeReference), eq(disputes.status, 'NEEDS_RESPONSE')));
    },

    async acceptDispute(disputeReference) {
      await db
        .update(disputes)
        .set({ status: 'LOST', outcome: 'LOST' })
        .where(and(eq(disputes.id, disputeReference), inArray(disputes.status, ['NEEDS_RESPONSE'])));
    },
  };
}
