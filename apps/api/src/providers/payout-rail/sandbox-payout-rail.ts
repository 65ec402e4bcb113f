import type { PayoutRailProvider, RailState } from './payout-rail-provider.ts';

/**
 * The sandbox rail decides a transfer's fate by the account number's first three digits (README, Payouts):
 * 999 - the bank answers "account closed" and the payout is reversed; 888 - the rail is busy and the transfer stays
 * pending until the scheduled retry, which settles it; anything else settles a few seconds after it was sent.
 */
const SANDBOX_RAIL_ACCOUNTS = { closed: '999', busy: '888' } as const;

const OUTCOMES = ['settles', 'closed', 'busy'] as const;
type Outcome = (typeof OUTCOMES)[number];

const outcomeOf = (accountNumber: string): Outcome =>
  accountNumber.startsWith(SANDBOX_RAIL_ACCOUNTS.closed)
    ? 'closed'
    : accountNumber.startsWith(SANDBOX_RAIL_ACCOUNTS.busy)
      ? 'busy'
      : 'settles';

export function createSandboxPayoutRail(): PayoutRailProvider {
  return {
    name: 'sandbox',
    firstCheckAfterMs: 3_000,
    // The reference carries the decision, as a real rail's record would: it survives restarts with the payout row.
    send: async (order) => ({ reference: `sbx_${outcomeOf(order.accountNumber)}_${order.payoutId}` }),
    check: async (reference, checks): Promise<RailState> => {
      const outcome = reference.split('_')[1] as Outcome;
      if (!OUTCOMES.includes(outcome)) return { state: 'failed', reason: 'Unknown transfer reference' };
      if (outcome === 'closed') return { state: 'failed', reason: 'Account closed' };
      if (outcome === 'busy' && checks === 0) return { state: 'pending' };
      return { state: 'succeeded' };
    },
  };
}
