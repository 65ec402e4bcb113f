import type { Currency } from '@bizdash/shared';

/** A payout handed to the rail: where the money goes. */
interface PayoutOrder {
  payoutId: string;
  currency: Currency;
  amount: number;
  accountNumber: string;
  bankCode: string | null;
  accountHolderName: string;
  /** What this rail answered as the account's recipient on an earlier payout (null: none yet). */
  recipientCode: string | null;
}

/** The rail has the payout; `recipientCode`: its name for the account, kept for the next payout to it. */
type Handed = { reference: string; recipientCode?: string };

export type RailState = { state: 'pending' } | { state: 'succeeded' } | { state: 'failed'; reason: string };

/**
 * The bank rail that moves a payout's money (NIP for NGN, ACH for USD, through a transfer provider). Adding a real
 * one is one file implementing this and a line in providers/registry.ts.
 */
export interface PayoutRailProvider {
  name: string;
  /**
   * Hands the payout over; the same payoutId twice is the same transfer (the rail's idempotency). A rail that
   * refuses the order outright (it cannot carry it) answers failed with why: the payout is reversed. Throws when
   * the outcome is unknown (no answer): the step is tried again, and the same payoutId cannot pay twice.
   */
  send(order: PayoutOrder): Promise<Handed | { state: 'failed'; reason: string }>;
  /** Where the transfer stands; `checks` counts the earlier answers for this reference. */
  check(reference: string, checks: number): Promise<RailState>;
  /** When to ask first, after `send`. */
  firstCheckAfterMs: number;
}
