/**
 * Naira account numbers to try the sandbox with, one per outcome the sandbox bank directory and payout rail give
 * (README, Settlement accounts), as the checkout lists its test cards. They are real NUBANs at this bank, so they
 * pass the form's check digit (random numbers fail it nine times in ten). The sandbox decides by the number
 * (providers/bank-directory and providers/payout-rail); a test holds each number to its outcome.
 */
export const SANDBOX_NAIRA_BANK = { bankName: 'Guaranty Trust Bank', bankCode: '058' } as const;

export const SANDBOX_NAIRA_ACCOUNTS = [
  {
    outcome: 'settles',
    accountNumber: '0123456785',
    description: 'Named by the bank; payouts arrive a few seconds after they are sent',
  },
  {
    outcome: 'busy',
    accountNumber: '8880000007',
    description: "Named by the bank; payouts wait for the rail's retry (about 30 s), then arrive",
  },
  {
    outcome: 'closed',
    accountNumber: '9990000004',
    description: 'Named by the bank; payouts come back "Account closed", amount and fee returned',
  },
  {
    outcome: 'not_found',
    accountNumber: '0000000001',
    description: 'Not found at the bank, so it cannot be added',
  },
] as const;
