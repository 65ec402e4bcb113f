import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { payoutIdOfTransferReference } from '../../providers/payout-rail/paystack-payout-rail.ts';
import { paystackSignatureValid } from '../../providers/paystack/paystack-client.ts';
import type { AppDeps } from '../../types.ts';
import { createCheckoutContext, verifyHostedPayment } from '../checkout/index.ts';
import { checkPayoutNow } from '../payouts/index.ts';
import { applyDisputeNotice } from './paystack-dispute-notice.ts';
import { applyRefundNotice } from './paystack-refund-notice.ts';

const PaystackEventSchema = z.object({ event: z.string(), data: z.record(z.string(), z.unknown()) });
const TransferDataSchema = z.object({ reference: z.string() });
const ChargeDataSchema = z.object({ reference: z.string().min(1) });

const TRANSFER_EVENTS = new Set(['transfer.success', 'transfer.failed', 'transfer.reversed']);

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** A webhook whose `x-paystack-signature` is missing or is not the HMAC-SHA512 of its body under our key. */
export class UnsignedWebhook extends Error {}

type WebhookDeps = Pick<AppDeps, 'config' | 'database' | 'secretBox' | 'payoutRail' | 'payments' | 'jobs'>;

/**
 * One Paystack webhook: its signature checked over the raw body before anything is read; a transfer's notice
 * makes its payout's check due now, and the rail's verify (never the notice's own words) settles it, so a replay
 * or a notice of no payout of ours changes nothing. `charge.success` makes the checkout payment of its reference
 * verify its transaction now, as the payment's page does: the verify's answer books it (once) or not. Other events
 * are acknowledged and ignored.
 */
export async function applyPaystackWebhook(
  deps: WebhookDeps,
  log: FastifyBaseLogger,
  rawBody: string,
  signature: string | undefined,
): Promise<{ applied: boolean }> {
  if (!paystackSignatureValid(deps.config.paystack.secretKey, rawBody, signature))
    throw new UnsignedWebhook();
  const parsed = PaystackEventSchema.safeParse(parseJson(rawBody));
  if (!parsed.success) return { applied: false };
  const { event, data } = parsed.data;
  if (TRANSFER_EVENTS.has(event) && deps.config.payouts.railProvider === 'paystack') {
    const transfer = TransferDataSchema.safeParse(data);
    const payoutId = transfer.success ? payoutIdOfTransferReference(transfer.data.reference) : null;
    if (!payoutId) return { applied: false };
    return { applied: await checkPayoutNow({ ...deps, log }, payoutId) };
  }
  if (event === 'charge.success' && deps.config.checkout.paymentsProvider === 'paystack') {
    const charge = ChargeDataSchema.safeParse(data);
    if (!charge.success) return { applied: false };
    // Paystack did not answer the verify: it throws, the webhook answers 500 and Paystack sends it again.
    return { applied: await verifyHostedPayment(createCheckoutContext(deps, log), charge.data.reference) };
  }
  if (deps.config.checkout.paymentsProvider === 'paystack') {
    if (event.startsWith('refund.')) return { applied: await applyRefundNotice(deps, log, data) };
    if (event.startsWith('charge.dispute.')) return { applied: await applyDisputeNotice(deps, log, data) };
  }
  return { applied: false };
}
