import {
  DISPUTE_MESSAGES,
  type DisputeDetail,
  type DisputeEvidenceRequestSchema,
  type DisputeFile,
  type DisputeListQuery,
  formatMoney,
  pageOf,
} from '@bizdash/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { emitEvent } from '../../jobs/events.repository.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Actor, AppDeps } from '../../types.ts';
import { type BusinessAuditContext, recordAuditEvent } from '../audit/index.ts';
import { findPaymentForRefundById } from '../checkout/index.ts';
import { findOwnedFiles, type StoredFile } from '../files/index.ts';
import { settleDisputeLoss } from '../money/index.ts';
import { disputeEventData, toDispute, toDisputeListItem } from './dispute-view.ts';
import {
  addDisputeEvent,
  countNeedingResponse,
  type DisputeRow,
  findOwnedDispute,
  listDisputeEvents,
  listDisputes,
  lockOwnedDispute,
  updateDispute,
} from './disputes.repository.ts';
import { tellNetworkNow } from './disputes-network.job.ts';

export type DisputeDeps = Pick<AppDeps, 'database' | 'jobs' | 'payments' | 'storage'> & {
  log?: FastifyBaseLogger;
};
type EvidenceInput = z.output<typeof DisputeEvidenceRequestSchema>;

const notFoundDispute = () => notFound(DISPUTE_MESSAGES.disputeNotFound);

/** The payment behind a dispute, as its events and views need it. */
async function paymentOfDispute(db: DbOrTx, dispute: DisputeRow) {
  const found = await findPaymentForRefundById(db, dispute.paymentId);
  if (!found) throw new Error(`dispute ${dispute.id}: its payment is gone`);
  return found;
}

const fileView = (disputeId: string, file: StoredFile): DisputeFile => ({
  id: file.id,
  name: file.originalName ?? 'evidence',
  contentType: file.contentType,
  size: file.size,
  url: `/api/disputes/${disputeId}/files/${file.id}`,
  uploadedAt: file.createdAt.toISOString(),
});

async function detailOf(db: DbOrTx, row: DisputeRow): Promise<DisputeDetail> {
  const [{ payment }, events, files] = await Promise.all([
    paymentOfDispute(db, row),
    listDisputeEvents(db, row.id),
    findOwnedFiles(db, row.userId, row.evidenceFileIds),
  ]);
  const byId = new Map(files.map((file) => [file.id, file]));
  const hasEvidence = row.evidenceUpdatedAt !== null;
  return {
    ...toDispute(row),
    payment: {
      transactionId: payment.transactionId,
      reference: payment.reference,
      customerName: payment.customerName,
      customerEmail: payment.customerEmail,
      currency: payment.currency,
      amount: payment.customerTotal,
      card: { brand: payment.cardBrand, last4: payment.cardLast4 },
      paidAt: payment.completedAt?.toISOString() ?? null,
    },
    evidence: hasEvidence
      ? {
          explanation: row.evidenceExplanation ?? '',
          customerName: row.evidenceCustomerName,
          customerEmail: row.evidenceCustomerEmail,
          deliveryDetails: row.evidenceDeliveryDetails,
          files: row.evidenceFileIds.flatMap((id) => {
            const file = byId.get(id);
            return file ? [fileView(row.id, file)] : [];
          }),
          submittedAt: row.evidenceSubmittedAt?.toISOString() ?? null,
          updatedAt: (row.evidenceUpdatedAt ?? row.updatedAt).toISOString(),
        }
      : null,
    timeline: events.map((event) => ({
      kind: event.kind,
      at: event.createdAt.toISOString(),
      description: event.description,
    })),
  };
}

export async function getDispute(deps: DisputeDeps, actor: Actor, disputeId: string) {
  const row = await findOwnedDispute(deps.database.db, actor.actingUserId, disputeId);
  if (!row) throw notFoundDispute();
  return detailOf(deps.database.db, row);
}

export async function listOwnDisputes(deps: DisputeDeps, actor: Actor, query: DisputeListQuery) {
  const { rows, total, needsResponseCount } = await listDisputes(
    deps.database.db,
    actor.actingUserId,
    query,
    query,
  );
  const items = rows.map(({ dispute, ...payment }) => toDisputeListItem(dispute, payment));
  return { ...pageOf(items, query, total), needsResponseCount };
}

export async function disputeSummary(deps: DisputeDeps, actor: Actor) {
  return { needsResponseCount: await countNeedingResponse(deps.database.db, actor.actingUserId) };
}

/** The dispute can still be answered: NEEDS_RESPONSE and before its due date (409 otherwise). */
function assertAnswerable(row: DisputeRow, message: string, code: string, now = new Date()) {
  if (row.status !== 'NEEDS_RESPONSE') throw conflict(message, code);
  if (row.evidenceDueBy <= now) throw conflict(DISPUTE_MESSAGES.pastDueDate, 'DISPUTE_PAST_DUE');
}

/**
 * Saves the merchant's evidence (replacing the draft); with submit, it is sent to the card network (by the disputes
 * job, right after the commit) and the dispute is UNDER_REVIEW. Files must be the acting user's uploads.
 */
export async function saveEvidence(
  deps: DisputeDeps,
  actor: Actor,
  disputeId: string,
  input: EvidenceInput,
  audit: BusinessAuditContext,
) {
  const userId = actor.actingUserId;
  const saved = await withTransaction(deps, async (tx) => {
    const row = await lockOwnedDispute(tx, userId, disputeId);
    if (!row) throw notFoundDispute();
    assertAnswerable(row, DISPUTE_MESSAGES.notOpenForEvidence, 'DISPUTE_NOT_OPEN');
    const files = await findOwnedFiles(tx, userId, input.fileIds);
    if (files.length !== input.fileIds.length) throw badRequest(DISPUTE_MESSAGES.unknownFile, 'UNKNOWN_FILE');
    const now = new Date();
    const updated = await updateDispute(tx, row.id, {
      evidenceExplanation: input.explanation,
      evidenceCustomerName: input.customerName,
      evidenceCustomerEmail: input.customerEmail,
      evidenceDeliveryDetails: input.deliveryDetails,
      evidenceFileIds: input.fileIds,
      evidenceUpdatedAt: now,
      ...(input.submit
        ? { status: 'UNDER_REVIEW', evidenceSubmittedAt: now, networkAction: 'EVIDENCE', nextCheckAt: now }
        : {}),
    });
    await addDisputeEvent(tx, {
      disputeId: row.id,
      kind: input.submit ? 'EVIDENCE_SUBMITTED' : 'EVIDENCE_SAVED',
      description: input.submit ? 'Evidence submitted to the card network' : 'Evidence draft saved',
    });
    if (input.submit) {
      const { payment } = await paymentOfDispute(tx, updated);
      await emitEvent(tx, { userId, type: 'dispute.updated', data: disputeEventData(updated, payment) });
      // A draft is not an answer; submitting the evidence is.
      await recordAuditEvent(tx, {
        ...audit,
        action: 'dispute.answered',
        target: { type: 'dispute', id: row.id },
        details: {
          userId,
          answer: 'evidence_submitted',
          amount: row.amount,
          currency: row.currency,
          reason: row.reason,
          files: input.fileIds.length,
        },
      });
    }
    return updated;
  });
  if (input.submit) await tellNetworkNow(deps, saved.id);
  return detailOf(deps.database.db, (await findOwnedDispute(deps.database.db, userId, saved.id)) ?? saved);
}

/**
 * The merchant gives in: the dispute is ACCEPTED and closed, its held amount goes to the card network at once, and
 * the network is told (by the disputes job, right after the commit).
 */
export async function acceptDispute(
  deps: DisputeDeps,
  actor: Actor,
  disputeId: string,
  audit: BusinessAuditContext,
) {
  const userId = actor.actingUserId;
  const accepted = await withTransaction(deps, async (tx) => {
    const row = await lockOwnedDispute(tx, userId, disputeId);
    if (!row) throw notFoundDispute();
    assertAnswerable(row, DISPUTE_MESSAGES.notOpenForAccept, 'DISPUTE_NOT_OPEN');
    await settleDisputeLoss(tx, {
      holdTransactionId: row.transactionId,
      currency: row.currency,
      amount: row.amount,
    });
    const now = new Date();
    const updated = await updateDispute(tx, row.id, {
      status: 'ACCEPTED',
      closedAt: now,
      networkAction: 'ACCEPT',
      nextCheckAt: now,
    });
    await addDisputeEvent(tx, {
      disputeId: row.id,
      kind: 'ACCEPTED',
      description: `Dispute accepted: ${formatMoney(row.amount, row.currency)} goes to the customer's bank`,
    });
    const { payment } = await paymentOfDispute(tx, updated);
    await emitEvent(tx, { userId, type: 'dispute.closed', data: disputeEventData(updated, payment) });
    await recordAuditEvent(tx, {
      ...audit,
      action: 'dispute.answered',
      target: { type: 'dispute', id: row.id },
      details: { userId, answer: 'accepted', amount: row.amount, currency: row.currency, reason: row.reason },
    });
    return updated;
  });
  await tellNetworkNow(deps, accepted.id);
  return detailOf(
    deps.database.db,
    (await findOwnedDispute(deps.database.db, userId, accepted.id)) ?? accepted,
  );
}
