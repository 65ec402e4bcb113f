import { type BankAccount, type Currency, formatMoney, type PayoutFeeTier, payoutFee } from '@bizdash/shared';
import { readAmountText } from '@/lib/amount-text';

interface AmountRules {
  currency: Currency;
  /** The wallet's available balance, in minor units. */
  balance: number;
  minimum: number;
  dailyLimit: number;
  usedToday: number;
  feeTiers: PayoutFeeTier[];
}

export interface AmountCheck {
  /** Minor units, when the text is an amount at all. */
  amount: number | null;
  fee: number | null;
  /** What leaves the wallet: amount plus fee. */
  total: number | null;
  error: string | null;
}

export const dailyLimitLeft = (rules: Pick<AmountRules, 'dailyLimit' | 'usedToday'>) =>
  Math.max(0, rules.dailyLimit - rules.usedToday);

/**
 * The most a balance can pay out once its fee is taken: in each fee band, the band's top or what the balance
 * leaves after that band's fee, whichever is lower, if that still falls in the band.
 */
export function largestPayout(balance: number, feeTiers: PayoutFeeTier[]): number {
  let best = 0;
  let bandStart = 1;
  for (const tier of feeTiers) {
    const top = Math.min(tier.upTo ?? Number.MAX_SAFE_INTEGER, balance - tier.fee);
    if (top >= bandStart) best = Math.max(best, top);
    if (tier.upTo === null) break;
    bandStart = tier.upTo + 1;
  }
  return best;
}

/** Whether the wallet can pay out the smallest payout and its fee. */
export const canPayOut = (rules: Pick<AmountRules, 'balance' | 'minimum' | 'feeTiers'>) =>
  rules.balance >= rules.minimum + payoutFee(rules.feeTiers, rules.minimum);

/**
 * Reads the amount the merchant typed in major units ("2,500.50") as exact minor units (no float arithmetic) and
 * says what is wrong with it, in the order the merchant can act on: the amount itself, the minimum, the daily
 * limit, the balance.
 */
export function checkAmount(text: string, rules: AmountRules): AmountCheck {
  const read = readAmountText(text, rules.currency);
  if (read.error !== null || read.amount === null)
    return { amount: read.amount, fee: null, total: null, error: read.error };
  const { amount } = read;
  const fee = payoutFee(rules.feeTiers, amount);
  const figures = { amount, fee, total: amount + fee };
  const money = (minor: number) => formatMoney(minor, rules.currency);
  if (amount < rules.minimum) return { ...figures, error: `The minimum payout is ${money(rules.minimum)}` };
  const left = dailyLimitLeft(rules);
  if (amount > left) {
    return {
      ...figures,
      error:
        left === 0
          ? 'You have reached your daily payout limit. Try again once earlier payouts are 24 hours old.'
          : `This is more than your daily limit allows: ${money(left)} left for the next 24 hours`,
    };
  }
  if (amount + fee > rules.balance) {
    return {
      ...figures,
      error: `Your balance cannot cover this amount and its ${money(fee)} fee. You can pay out up to ${money(largestPayout(rules.balance, rules.feeTiers))}`,
    };
  }
  return { ...figures, error: null };
}

/** When a new account's fraud cooling-off ends (it can receive payouts from then on). */
export const holdEndsAt = (account: Pick<BankAccount, 'createdAt'>, holdHours: number) =>
  new Date(Date.parse(account.createdAt) + holdHours * 3_600_000);

export const isOnHold = (account: Pick<BankAccount, 'createdAt'>, holdHours: number, now = Date.now()) =>
  holdEndsAt(account, holdHours).getTime() > now;

/** The hold as a length: '24 hours', '1 hour', '3 minutes' (a test-mode hold is minutes long). */
export function holdLengthText(holdHours: number): string {
  const minutes = Math.round(holdHours * 60);
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.round(holdHours * 10) / 10;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** What is left of a hold ending at `endsAt`: '21 h 5 min', '3 min', 'less than a minute' (minutes rounded up). */
export function holdLeftText(endsAt: Date, now = Date.now()): string {
  const left = endsAt.getTime() - now;
  if (left < 60_000) return 'less than a minute';
  const minutes = Math.ceil(left / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${minutes / 60} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}
