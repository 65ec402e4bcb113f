/** What the provider decided about a verification. */
export type IdentityOutcome = 'IN_REVIEW' | 'APPROVED' | 'REJECTED';

/** A provider's callback once its signature, timestamp and shape were checked. */
export interface IdentityCallback {
  /** The provider's id of this callback: seen twice, it is a replay. */
  callbackId: string;
  /** Our verification id, handed to the provider when the verification started. */
  verificationId: string;
  /** Our user id (the customer id the widget was opened for). */
  customerId: string;
  outcome: IdentityOutcome;
  /** Why a check was rejected, in words the merchant can act on; null otherwise. */
  reason: string | null;
}

/** A callback that cannot be trusted (signature, timestamp) or read (shape): a 400, nothing changed. */
export class CallbackRefused extends Error {}
