import type { CardBrand, Currency, DisputeReason } from '@bizdash/shared';

/** Card details exactly as the customer typed them (already checked); they go to the provider and nowhere else. */
interface CardInput {
  number: string;
  expiry: string;
  cvv: string;
}

interface ChargeRequest {
  /** Our payment id: asking twice with the same reference gives the first answer, never a second charge. */
  merchantReference: string;
  amount: number;
  currency: Currency;
  card: CardInput;
  brand: CardBrand;
}

export type ChargeResult =
  | { outcome: 'CAPTURED'; providerReference: string }
  | { outcome: 'OTP_REQUIRED'; providerReference: string }
  | { outcome: 'DECLINED'; providerReference: string | null; reason: string };

interface RefundRequest {
  /** The charge being refunded (its providerReference). */
  providerReference: string;
  /** Our refund id: asking twice with the same reference gives the first refund, never a second. */
  refundReference: string;
  amount: number;
  currency: Currency;
  /** What the merchant wrote to the customer, for networks that pass it on (Paystack's customer_note). */
  customerNote: string | null;
}

/** A refund asked for earlier, as the platform knows it: our reference, the network's id if it answered, the charge. */
interface RefundLookup {
  refundReference: string;
  /** The id the network gave the refund (RefundResult's refundId), null when its answer never came. */
  refundId: string | null;
  /** The refunded charge (its providerReference). */
  chargeReference: string;
}

/** Where a refund stands: the network has it (PENDING), returned it to the card, or could not. */
export type RefundResult =
  | { state: 'PENDING'; refundId: string }
  | { state: 'SUCCEEDED'; refundId: string }
  | { state: 'FAILED'; refundId: string | null; reason: string };

/** Where a dispute (chargeback) stands at the network: the merchant may answer; under review; decided. */
type ProviderDisputeState = 'NEEDS_RESPONSE' | 'UNDER_REVIEW' | 'WON' | 'LOST';

/** A dispute the network opened or moved on, which the platform has not acknowledged yet. */
export interface DisputeUpdate {
  /** The network's id of the dispute: the same dispute always has the same reference. */
  disputeReference: string;
  /** The disputed charge (its providerReference). */
  chargeReference: string;
  reason: DisputeReason;
  /** What the network took back (minor units). */
  amount: number;
  currency: Currency;
  state: ProviderDisputeState;
  evidenceDueBy: Date;
}

/** One evidence file as the network takes it: its name and type, and its bytes read when they are sent. */
interface DisputeEvidenceFile {
  name: string;
  contentType: string;
  read(): Promise<Buffer>;
}

interface DisputeEvidenceSubmission {
  disputeReference: string;
  explanation: string;
  /** The customer as the merchant's evidence names them, else as they gave themselves at checkout. */
  customerName: string;
  customerEmail: string;
  deliveryDetails: string | null;
  /** The evidence files (the sandbox looks at none; Paystack takes each file's bytes). */
  files: DisputeEvidenceFile[];
}

type OtpResult =
  | { outcome: 'CAPTURED' }
  | { outcome: 'WRONG_OTP'; attemptsLeft: number }
  | { outcome: 'DECLINED'; reason: string };

/** What every acquirer does after a payment is booked: refunds and disputes (the refunds and disputes jobs call these). */
interface MoneyBackMethods {
  /** A test network shows its test cards and code on the checkout; a real acquirer has none (null). */
  readonly testMode: { cards: { number: string; outcome: string }[]; otp: string } | null;
  /**
   * Asks the network to give part or all of a captured charge back to the card (Stripe's refunds, Paystack's
   * refund). Answered asynchronously: usually PENDING, settled later; ask again with lookupRefund.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Where a refund asked with this reference stands now, changing nothing but the network's own clock. */
  lookupRefund(refund: RefundLookup): Promise<RefundResult>;
  /**
   * Disputes (chargebacks) the network opened or moved on (decided) that the platform has not acknowledged yet,
   * oldest first (Stripe's charge.dispute.* events, Paystack's dispute list): the disputes job polls this, records
   * each update (idempotently, by disputeReference and state), then acknowledges it.
   */
  disputeUpdates(limit: number): Promise<DisputeUpdate[]>;
  /** The update of this dispute in this state is recorded: it is not reported again. */
  acknowledgeDisputeUpdate(disputeReference: string, state: ProviderDisputeState): Promise<void>;
  /** The merchant's evidence for a dispute: the network reviews it and reports WON or LOST later. Idempotent. */
  submitDisputeEvidence(submission: DisputeEvidenceSubmission): Promise<void>;
  /** The merchant accepts the dispute: the network closes it as lost. Idempotent. */
  acceptDispute(disputeReference: string): Promise<void>;
}

/**
 * A card acquirer that charges at once (authorization and capture in one step, as Paystack and Stripe's automatic
 * capture do), after the customer's one-time code when the issuer wants one. A payment is booked only once its
 * charge is CAPTURED; one that will not be booked is cancelled, which gives the customer's money back whatever
 * stage it reached. Every call answers once per payment: asking again gives the first answer, never a second
 * charge. The card details go through our server (flow `card`): the sandbox only.
 */
export interface CardPaymentsProvider extends MoneyBackMethods {
  readonly flow: 'card';
  readonly name: 'sandbox';
  charge(request: ChargeRequest): Promise<ChargeResult>;
  submitOtp(providerReference: string, otp: string): Promise<OtpResult>;
  /**
   * Where a charge stands now, changing nothing (Paystack's verify, Stripe's retrieve): how a payment cut off
   * mid-call (a crash after the issuer took the code) learns what the network did.
   */
  lookup(providerReference: string): Promise<ChargeResult>;
  /** A charge waiting for its code is dropped, a captured one refunded; a declined one has nothing to give back. */
  cancel(providerReference: string): Promise<void>;
}

/** Opening a transaction on a hosted checkout: our payment's reference is the acquirer's reference too. */
interface HostedCheckoutRequest {
  reference: string;
  /** Minor units (kobo, cents), what the customer is charged. */
  amount: number;
  currency: Currency;
  email: string;
  /** Where the acquirer's page sends the customer once they paid, declined or gave up (from PUBLIC_URL). */
  returnUrl: string;
  /** Shown beside the transaction in the acquirer's dashboard. */
  metadata: Record<string, string>;
}

/** The acquirer opened its page for this payment (REDIRECT there), or refused to (nothing can be paid). */
type HostedCheckoutStart =
  | { outcome: 'REDIRECT'; redirectUrl: string }
  | { outcome: 'REFUSED'; reason: string };

/** The card a hosted checkout reports once it was used. */
export interface ReportedCard {
  brand: CardBrand;
  last4: string;
}

/**
 * Where a hosted transaction stands, as the acquirer's own verify answers it (never a webhook's words). PAID carries
 * what was paid, which the caller compares with the order before booking anything. OPEN: the customer has not
 * finished (or the acquirer is still deciding). FAILED: nothing was taken (declined, abandoned, reversed), with a
 * sentence for the customer. UNKNOWN: the acquirer has no transaction with this reference.
 */
export type HostedVerification =
  | { state: 'PAID'; reference: string; amount: number; currency: string; card: ReportedCard | null }
  | { state: 'OPEN' }
  | { state: 'FAILED'; reason: string; card: ReportedCard | null }
  | { state: 'UNKNOWN' };

/**
 * An acquirer whose own page takes the card (Paystack's hosted checkout, flow `hosted`): no card number ever
 * touches our server. `initialize` opens its page for a payment, `verify` says where it stands (both throw when
 * the outcome is unknown: no answer, a timeout, a 5xx; the caller asks again later and never fails a payment on
 * it), `giveBack` refunds in full a transaction that was paid but will not be booked.
 */
export interface HostedPaymentsProvider extends MoneyBackMethods {
  readonly flow: 'hosted';
  readonly name: 'paystack';
  initialize(request: HostedCheckoutRequest): Promise<HostedCheckoutStart>;
  verify(reference: string): Promise<HostedVerification>;
  giveBack(reference: string): Promise<void>;
}

/**
 * The card methods as a hosted provider has them: each refuses with a sentence (a thrown error). They are there so
 * that code holding the app's acquirer as one type (tests and tools that drive the sandbox network directly)
 * type-checks; checkout narrows on `flow` before any card call (card-checkout.ts, cardNetwork), so none reaches
 * a hosted provider.
 */
type CardMethodsRefused = Pick<CardPaymentsProvider, 'charge' | 'submitOtp' | 'lookup' | 'cancel'>;

/** The app's acquirer (AppDeps.payments): a card network (the sandbox) or a hosted checkout (Paystack). */
export type PaymentsProvider = CardPaymentsProvider | (HostedPaymentsProvider & CardMethodsRefused);
