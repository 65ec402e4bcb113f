import {
  CreateRefundRequestSchema,
  DisputeEvidenceRequestSchema,
  type RefundReason,
  StartPaymentSchema,
} from '@bizdash/shared';
import type { FastifyInstance } from 'fastify';
import { actorAuditOf } from '../features/audit/index.ts';
import { createCheckoutContext, findPaymentForRefundById, startPayment } from '../features/checkout/index.ts';
import { listOwnDisputes, runDisputesJob, saveEvidence } from '../features/disputes/index.ts';
import { advanceDueRefunds, createRefund } from '../features/refunds/index.ts';
import type { Actor } from '../types.ts';

interface DemoSale {
  customerName: string;
  customerEmail: string;
  quantity: number;
  card: string;
  /** What the customer later got back: all of it, half of it, or nothing. */
  refund?: { share: 'all' | 'half'; reason: RefundReason; customerNote?: string };
}

const APPROVED_CARD = '4242 4242 4242 4242';
/** The sandbox's card whose refunds the network refuses (README, "Test cards"). */
const REFUSES_REFUNDS = '4000 0000 0000 5126';
/** The sandbox's card whose payments the customer's bank disputes (README, "Test cards"). */
const DISPUTED = '4000 0000 0000 0259';

/** Card sales the merchant gave money back on, and a returning customer (one customer, two spellings of her email). */
const SALES: DemoSale[] = [
  {
    customerName: 'Ngozi Eze',
    customerEmail: 'ngozi.eze@example.com',
    quantity: 1,
    card: APPROVED_CARD,
    refund: {
      share: 'all',
      reason: 'requested_by_customer',
      customerNote: 'Sorry the colour was not what you expected. Your money is on its way back.',
    },
  },
  {
    customerName: 'Emeka Nwosu',
    customerEmail: 'emeka.nwosu@example.com',
    quantity: 2,
    card: APPROVED_CARD,
    refund: { share: 'half', reason: 'other', customerNote: 'One of the two scarves arrived damaged.' },
  },
  {
    customerName: 'Funke Adebayo',
    customerEmail: 'funke.adebayo@example.com',
    quantity: 1,
    card: REFUSES_REFUNDS,
    refund: { share: 'all', reason: 'duplicate' },
  },
  { customerName: 'Ngozi Eze', customerEmail: 'Ngozi.Eze@example.com', quantity: 1, card: APPROVED_CARD },
  { customerName: 'Tunde Bakare', customerEmail: 'tunde.bakare@example.com', quantity: 1, card: DISPUTED },
  { customerName: 'Amaka Obi', customerEmail: 'amaka.obi@example.com', quantity: 1, card: DISPUTED },
];

/** The merchant's answer to the first dispute; the sandbox network decides evidence with `winning_evidence` for it. */
const WINNING_ANSWER = DisputeEvidenceRequestSchema.parse({
  explanation:
    'The scarf was delivered and signed for; the customer wrote to thank us two days later (winning_evidence).',
  customerName: 'Tunde Bakare',
  customerEmail: 'tunde.bakare@example.com',
  deliveryDetails: 'GIG Logistics, waybill GIG-204881, delivered in Ikeja and signed by T. Bakare.',
  submit: true,
});

/**
 * The demo merchant's money back (issue 22 §4): customers who paid for `productId` by card through the real checkout,
 * then a full refund, a partial one and one the card network refused, made and settled by the real refunds service and
 * the sandbox network, and two disputes, one won and one needing an answer (the seed's app has the sandbox network
 * answer at its next look: no refund, dispute or review delay).
 */
export async function seedDemoMoneyBack(app: FastifyInstance, userId: string, productId: string) {
  const { deps } = app;
  const checkout = createCheckoutContext(deps, app.log);
  const actor: Actor = {
    ownerId: userId,
    actingUserId: userId,
    via: 'session',
    personId: userId,
    role: 'owner',
    apiKeyPrefix: null,
  };
  for (const [index, sale] of SALES.entries()) {
    const input = StartPaymentSchema.parse({
      customerName: sale.customerName,
      customerEmail: sale.customerEmail,
      quantity: sale.quantity,
      card: { number: sale.card, expiry: '12/40', cvv: '123' },
    });
    const { payment } = await startPayment(checkout, productId, `demo-sale-${index}`, input);
    const found = await findPaymentForRefundById(deps.database.db, payment.paymentId);
    if (payment.status !== 'SUCCESSFUL' || !found) throw new Error(`demo sale ${index} was not paid`);
    if (!sale.refund) continue;
    const amount = sale.refund.share === 'all' ? undefined : Math.floor(payment.total / 2);
    const refund = CreateRefundRequestSchema.parse({
      transactionId: found.payment.transactionId,
      amount,
      reason: sale.refund.reason,
      customerNote: sale.refund.customerNote,
    });
    await createRefund(deps, actor, refund, actorAuditOf(actor), `demo-refund-${index}`);
  }
  // The refunds were asked at once; their answers come at the network's next look.
  await advanceDueRefunds(deps, app.log, new Date(Date.now() + 60_000));
  await seedDemoDisputes(app, actor);
  return SALES.length;
}

/**
 * The card network disputes the payments of the 0259 card at its next look (the seed's app: no delay); Tunde's is
 * answered with winning evidence and won, Amaka's still needs an answer.
 */
async function seedDemoDisputes(app: FastifyInstance, actor: Actor) {
  const { deps } = app;
  await runDisputesJob(deps, app.log);
  const opened = await listOwnDisputes(deps, actor, { page: 1, size: 10 });
  const answered = opened.items.find((dispute) => dispute.customerEmail === WINNING_ANSWER.customerEmail);
  if (opened.items.length !== 2 || !answered) throw new Error('the demo disputes did not open');
  await saveEvidence(deps, actor, answered.id, WINNING_ANSWER, actorAuditOf(actor));
  await runDisputesJob(deps, app.log);
}
