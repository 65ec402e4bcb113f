import { resolveAccount, UNRESOLVED_ACCOUNT } from './banks.ts';
import { amountOf, missing, ok, type Reply, type Route, refuse, type StandInRequest, text } from './http.ts';
import { type Recipient, randomCode, type StandInState, type Transfer, timestamp } from './state.ts';
import type { WebhookSender } from './webhooks.ts';

/** Paystack's rule for a transfer reference: 16 to 50 lowercase letters, digits, '-' and '_'. */
const TRANSFER_REFERENCE = /^[a-z0-9_-]{16,50}$/;

const DUPLICATE_TRANSFER_REFERENCE = 'Duplicate Transfer Reference';
const INVALID_REFERENCE =
  'Invalid transfer reference: use 16 to 50 characters of lowercase letters, digits, - and _';

/**
 * A transfer's fate, from the recipient's account number as the app's sandbox rail decides it: 999… the bank
 * answers "account closed" (failed); 777… it succeeds, then the bank sends it back (reversed); else success.
 */
function fateOf(accountNumber: string): Pick<Transfer, 'fate' | 'failureReason'> {
  if (accountNumber.startsWith('999')) return { fate: ['failed'], failureReason: 'Account closed' };
  if (accountNumber.startsWith('777')) return { fate: ['success', 'reversed'], failureReason: null };
  return { fate: ['success'], failureReason: null };
}

export interface TransfersSettings {
  state: StandInState;
  webhooks: WebhookSender;
  /** How long each step of a transfer's fate waits; null: only `settleTransfers()` moves it. */
  settleMs: number | null;
  schedule: (ms: number, run: () => void) => void;
}

export function createTransfers({ state, webhooks, settleMs, schedule }: TransfersSettings) {
  const recipientJson = (recipient: Recipient) => ({
    active: true,
    createdAt: recipient.createdAt,
    currency: recipient.currency,
    description: null,
    domain: state.domain,
    email: null,
    id: recipient.id,
    integration: state.integration,
    metadata: null,
    name: recipient.name,
    recipient_code: recipient.recipientCode,
    type: 'nuban',
    updatedAt: recipient.updatedAt,
    is_deleted: false,
    details: {
      authorization_code: null,
      account_number: recipient.accountNumber,
      account_name: recipient.accountName,
      bank_code: recipient.bankCode,
      bank_name: recipient.bankName,
    },
  });

  /** A transfer as verify and the webhooks give it (the recipient in full); create gives the recipient's id. */
  const transferJson = (transfer: Transfer, recipient: 'object' | 'id' = 'object') => ({
    integration: state.integration,
    domain: state.domain,
    amount: transfer.amount,
    currency: transfer.currency,
    source: transfer.source,
    source_details: null,
    reason: transfer.reason,
    recipient: recipient === 'id' ? transfer.recipient.id : recipientJson(transfer.recipient),
    status: transfer.status,
    failures: null,
    gateway_response: transfer.status === 'failed' ? transfer.failureReason : null,
    transfer_code: transfer.transferCode,
    titan_code: null,
    transferred_at: transfer.transferredAt,
    id: transfer.id,
    reference: transfer.reference,
    createdAt: transfer.createdAt,
    updatedAt: transfer.updatedAt,
  });

  /** Moves a transfer one step along its fate, and tells the webhook. */
  function advance(transfer: Transfer): void {
    const next = transfer.fate.shift();
    if (!next) return;
    transfer.status = next;
    transfer.updatedAt = timestamp();
    if (next === 'success') transfer.transferredAt = transfer.updatedAt;
    webhooks.send(`transfer.${next}`, transferJson(transfer));
    if (transfer.fate.length > 0 && settleMs !== null) schedule(settleMs, () => advance(transfer));
  }

  /** POST /transferrecipient. Paystack gives back the existing recipient for an account it has already: so do we. */
  function createRecipient({ body }: StandInRequest): Reply {
    const absent = missing(body, ['type', 'name', 'account_number', 'bank_code']);
    if (absent) return absent;
    if (body.type !== 'nuban') return refuse(400, 'This stand-in supports recipients of type nuban only');
    const currency = text(body, 'currency') || 'NGN';
    if (currency !== 'NGN') return refuse(400, 'Currency is not supported for nuban recipients');
    const accountNumber = text(body, 'account_number');
    const bankCode = text(body, 'bank_code');
    const resolved = resolveAccount(bankCode, accountNumber);
    if (!resolved) return refuse(422, UNRESOLVED_ACCOUNT);
    const existing = [...state.recipients.values()].find(
      (recipient) => recipient.accountNumber === accountNumber && recipient.bankCode === bankCode,
    );
    if (existing)
      return ok('Transfer recipient created successfully', recipientJson(existing), undefined, 201);
    const now = timestamp();
    const recipient: Recipient = {
      id: state.nextId(),
      recipientCode: randomCode('RCP_'),
      name: text(body, 'name'),
      accountNumber,
      accountName: resolved.accountName,
      bankCode,
      bankName: resolved.bankName,
      currency,
      createdAt: now,
      updatedAt: now,
    };
    state.recipients.set(recipient.recipientCode, recipient);
    return ok('Transfer recipient created successfully', recipientJson(recipient), undefined, 201);
  }

  /** POST /transfer: from the balance to a recipient; a reference seen before moves nothing. */
  function createTransfer({ body }: StandInRequest): Reply {
    const absent = missing(body, ['source', 'amount', 'recipient']);
    if (absent) return absent;
    if (body.source !== 'balance') return refuse(400, 'Invalid transfer source: only balance is supported');
    const amount = amountOf(body.amount);
    if (amount === null) return refuse(400, 'Invalid amount: send an integer amount in kobo');
    const recipient = state.recipients.get(text(body, 'recipient'));
    if (!recipient) return refuse(400, 'Recipient specified is invalid');
    const currency = text(body, 'currency') || recipient.currency;
    if (currency !== recipient.currency) return refuse(400, 'Currency does not match the recipient');
    const reference = text(body, 'reference') || randomCode('', 20);
    if (!TRANSFER_REFERENCE.test(reference)) return refuse(400, INVALID_REFERENCE);
    if (state.transfers.has(reference)) return refuse(400, DUPLICATE_TRANSFER_REFERENCE);
    const now = timestamp();
    const transfer: Transfer = {
      id: state.nextId(),
      transferCode: randomCode('TRF_'),
      reference,
      amount,
      currency,
      source: 'balance',
      reason: text(body, 'reason') || null,
      recipient,
      status: 'pending',
      ...fateOf(recipient.accountNumber),
      transferredAt: null,
      createdAt: now,
      updatedAt: now,
    };
    state.transfers.set(reference, transfer);
    if (settleMs !== null) schedule(settleMs, () => advance(transfer));
    return ok('Transfer has been queued', transferJson(transfer, 'id'));
  }

  /** GET /transfer/verify/:reference */
  function verifyTransfer({ params }: StandInRequest): Reply {
    const transfer = state.transfers.get(params[0] ?? '');
    return transfer ? ok('Transfer retrieved', transferJson(transfer)) : refuse(404, 'Transfer not found');
  }

  const routes: Route[] = [
    { method: 'POST', pattern: /^\/transferrecipient$/, handle: createRecipient },
    { method: 'POST', pattern: /^\/transfer$/, handle: createTransfer },
    { method: 'GET', pattern: /^\/transfer\/verify\/([^/]+)$/, handle: verifyTransfer },
  ];

  return {
    routes,
    /** Every transfer brought to its final status now (a 777… one: success, then reversed), in order. */
    settleAll(): void {
      for (const transfer of state.transfers.values()) while (transfer.fate.length > 0) advance(transfer);
    },
    /** The transfers as verify answers them, oldest first. */
    list: () => [...state.transfers.values()].map((transfer) => transferJson(transfer)),
  };
}
