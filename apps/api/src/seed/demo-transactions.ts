import { randomUUID } from 'node:crypto';
import {
  type Currency,
  type FeeSchedule,
  feeFor,
  type TransactionChannel,
  type TransactionStatus,
  type TransactionType,
} from '@bizdash/shared';
import { childIdBelow, type SystemAccountCode } from '../features/money/index.ts';

/** A seeded movement, before it becomes rows; times ascend so balances can be followed as they would have been. */
export interface DemoTransaction {
  id: string;
  walletId: string;
  currency: Currency;
  type: TransactionType;
  status: TransactionStatus;
  channel: TransactionChannel;
  counterparty: SystemAccountCode;
  amount: number;
  impactTime: Date;
  description: string;
  beneficiary: string | null;
  orderReference: string;
  /** A card fee's sale, as checkout books the fee: a child of the payment. */
  parentId: string | null;
}

const CUSTOMERS = [
  'Chinedu Okeke',
  'Aisha Bello',
  'Tunde Bakare',
  'Ngozi Adeyemi',
  'Emeka Nwosu',
  'Funmilayo Ojo',
  'Ibrahim Musa',
  'Kemi Adebayo',
  'Obinna Eze',
  'Zainab Yusuf',
  'Segun Balogun',
  'Amara Okafor',
  'Halima Sani',
  'David Mensah',
  'Sarah Johnson',
  'Michael Carter',
  'Blessing Udoh',
  'Yemi Alade',
  'Uche Obi',
  'Fatima Abubakar',
];
const PRODUCTS = [
  'Ankara fabric (6 yards)',
  'Shea butter hamper',
  'Jollof catering tray',
  'Leather sandals',
  'Adire throw pillow',
  'Beaded necklace',
  'Zobo drink crate',
  'Custom agbada',
  'Plantain chips carton',
  'Aso-oke gele',
  'Ofada rice bag',
  'Handmade soap set',
  'Coral bead bracelet',
  'Kente scarf',
  'Pepper soup spice pack',
];
/** Deterministic, so the same seed gives the same data (mulberry32). */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
type Random = ReturnType<typeof randomSource>;

/**
 * Unfinished payments fail once the checkout's window has passed (the abandoned-payments job): history older
 * than the window holds none, only successes and failures.
 */
function pickStatus(random: Random): TransactionStatus {
  return random.next() < 0.93 ? 'SUCCESSFUL' : 'FAILED';
}

/** Minor units: naira sales from ₦500 to ₦250,000, dollar sales from $5 to $2,000, always whole kobo/cents. */
function saleAmount(random: Random, currency: Currency) {
  return currency === 'NGN'
    ? random.int(500, 250_000) * 100 + random.pick([0, 0, 50])
    : random.int(500, 200_000);
}

function credit(
  random: Random,
  base: Pick<DemoTransaction, 'id' | 'walletId' | 'currency' | 'impactTime'>,
): DemoTransaction {
  const customer = random.pick(CUSTOMERS);
  return {
    ...base,
    type: 'CREDIT',
    status: pickStatus(random),
    channel: random.next() < 0.7 ? 'CARD' : 'BANK_TRANSFER',
    counterparty: 'CUSTOMER_FUNDS',
    amount: saleAmount(random, base.currency),
    // What was sold, as checkout names its payments (the type and channel already say it is a payment).
    description: random.pick(PRODUCTS),
    beneficiary: customer,
    orderReference: `ORD-${random.int(100_000, 999_999)}`,
    parentId: null,
  };
}

/**
 * The card fee of a successful card sale, as checkout books it (checkout-transitions' bookPayment): the fee rule of
 * the sale's currency on its amount, borne by the merchant (a new merchant's setting, and never more than the
 * sale), a child DEBIT to fees earned at the same moment, with the id just below the sale's so it lists after it.
 */
function cardFee(sale: DemoTransaction, feeSchedule: FeeSchedule): DemoTransaction {
  return {
    id: childIdBelow(sale.id),
    walletId: sale.walletId,
    currency: sale.currency,
    impactTime: sale.impactTime,
    type: 'DEBIT',
    status: 'SUCCESSFUL',
    channel: 'FEE',
    counterparty: 'FEES_EARNED',
    amount: Math.min(feeFor(feeSchedule[sale.currency], sale.amount), sale.amount),
    description: `Card fee: ${sale.orderReference}`,
    beneficiary: null,
    orderReference: sale.orderReference,
    parentId: sale.id,
  };
}

export interface WalletRef {
  walletId: string;
  currency: Currency;
}

/**
 * `count` sales over the `days` days before `now` across the given wallets, oldest first, each successful card
 * sale followed by its card fee (so more rows than sales). No payouts: they go to settlement accounts, which
 * demo-money-out adds. A fee never exceeds its sale, so no balance goes below zero.
 */
export function generateDemoTransactions(
  wallets: WalletRef[],
  count: number,
  days: number,
  random: Random,
  feeSchedule: FeeSchedule,
  now = Date.now(),
): DemoTransaction[] {
  const span = days * 86_400_000;
  const times = Array.from({ length: count }, () => now - Math.floor(random.next() * span)).sort(
    (a, b) => a - b,
  );
  return times.flatMap((time) => {
    const wallet = random.next() < 0.8 ? (wallets[0] as WalletRef) : random.pick(wallets);
    const sale = credit(random, {
      id: randomUUID(),
      walletId: wallet.walletId,
      currency: wallet.currency,
      impactTime: new Date(time),
    });
    return sale.status === 'SUCCESSFUL' && sale.channel === 'CARD'
      ? [sale, cardFee(sale, feeSchedule)]
      : [sale];
  });
}
