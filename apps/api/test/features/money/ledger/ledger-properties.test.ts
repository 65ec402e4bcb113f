import { randomUUID } from 'node:crypto';
import type { Currency } from '@bizdash/shared';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wallets } from '../../../../src/db/schema/index.ts';
import { postTransfer, reversePosting } from '../../../../src/features/money/ledger/ledger.service.ts';
import type { TransferRequest } from '../../../../src/features/money/ledger/ledger.types.ts';
import { verifyLedger } from '../../../../src/features/money/ledger/ledger.verify.ts';
import { AppError } from '../../../../src/lib/errors.ts';
import {
  creditLegs,
  dbOf,
  debitLegs,
  insertTestMerchant,
  inTx,
  type MerchantWallets,
  useTestApp,
} from '../../../helper.ts';

const MERCHANTS = 3;

type Command =
  | { op: 'credit' | 'debit'; merchant: number; currency: Currency; amount: number }
  | { op: 'transfer'; from: number; to: number; currency: Currency; amount: number }
  | { op: 'reverse' | 'retry'; pick: number };

const merchant = fc.nat({ max: MERCHANTS - 1 });
const currency = fc.constantFrom<Currency>('NGN', 'USD');
const amount = fc.integer({ min: 1, max: 60_000 });
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('credit' as const), merchant, currency, amount }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('debit' as const), merchant, currency, amount }) },
  {
    weight: 3,
    arbitrary: fc
      .record({ op: fc.constant('transfer' as const), from: merchant, to: merchant, currency, amount })
      .filter((transfer) => transfer.from !== transfer.to),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('reverse' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('retry' as const), pick: fc.nat() }) },
);

interface ModelPosting {
  postingId: string;
  /** What was asked for; a reversal is asked for by naming the posting it reverses. */
  request: TransferRequest | { reverses: string };
  /** Net change per wallet. */
  deltas: Map<string, number>;
  reversedBy: string | null;
}

function walletDeltas(request: TransferRequest): Map<string, number> {
  const deltas = new Map<string, number>();
  for (const leg of request.legs) {
    if ('walletId' in leg.account) {
      deltas.set(leg.account.walletId, (deltas.get(leg.account.walletId) ?? 0) + leg.amount);
    }
  }
  return deltas;
}

/** Resolves to 'refused' only for the overdraft error; anything else is a failure of the property. */
async function refusedAsOverdraft<T>(work: Promise<T>): Promise<T | 'refused'> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') return 'refused';
    throw error;
  }
}

describe('ledger properties', () => {
  const ctx = useTestApp();

  it('keeps every invariant and matches a model through random transfers, reversals and overdrafts', async () => {
    let overdrafts = 0;
    let reversals = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 30 }), async (commands) => {
        const merchants: MerchantWallets[] = [];
        for (let index = 0; index < MERCHANTS; index += 1) merchants.push(await insertTestMerchant(ctx.app));
        const model = new Map<string, number>(
          merchants.flatMap((owner) => [
            [owner.NGN, 0],
            [owner.USD, 0],
          ]),
        );
        const postings: ModelPosting[] = [];
        const fits = (deltas: Map<string, number>) =>
          [...deltas].every(([walletId, delta]) => (model.get(walletId) ?? 0) + delta >= 0);
        const apply = (deltas: Map<string, number>) => {
          for (const [walletId, delta] of deltas) model.set(walletId, (model.get(walletId) ?? 0) + delta);
        };

        const postNew = async (request: TransferRequest) => {
          const deltas = walletDeltas(request);
          const outcome = await refusedAsOverdraft(inTx(ctx.app, (tx) => postTransfer(tx, request)));
          // A refusal must be an overdraft in the model, and an overdraft in the model must be refused.
          expect(outcome === 'refused').toBe(!fits(deltas));
          if (outcome === 'refused') {
            overdrafts += 1;
            return;
          }
          expect(outcome.replayed).toBe(false);
          apply(deltas);
          postings.push({ postingId: outcome.postingId, request, deltas, reversedBy: null });
        };

        for (const step of commands) {
          const key = `prop:${randomUUID()}`;
          const base = { idempotencyKey: key, description: `property ${step.op}` };
          if (step.op === 'credit' || step.op === 'debit') {
            const owner = merchants[step.merchant] as MerchantWallets;
            const legs = (step.op === 'credit' ? creditLegs : debitLegs)(
              owner[step.currency],
              step.amount,
              step.currency,
            );
            await postNew({ ...base, kind: step.op === 'credit' ? 'PAYMENT' : 'PAYOUT', legs });
          } else if (step.op === 'transfer') {
            const from = (merchants[step.from] as MerchantWallets)[step.currency];
            const to = (merchants[step.to] as MerchantWallets)[step.currency];
            await postNew({
              ...base,
              kind: 'PAYMENT',
              legs: [
                { account: { walletId: from }, currency: step.currency, amount: -step.amount },
                { account: { walletId: to }, currency: step.currency, amount: step.amount },
              ],
            });
          } else {
            if (!('pick' in step) || postings.length === 0) continue;
            const target = postings[step.pick % postings.length] as ModelPosting;
            if (step.op === 'retry') {
              const { request } = target;
              const replay = await inTx(ctx.app, (tx) =>
                'reverses' in request
                  ? reversePosting(tx, request.reverses, 'property reversal')
                  : postTransfer(tx, request),
              );
              expect(replay).toEqual({ postingId: target.postingId, replayed: true });
              continue;
            }
            const mirror = new Map([...target.deltas].map(([walletId, delta]) => [walletId, -delta]));
            const outcome = await refusedAsOverdraft(
              inTx(ctx.app, (tx) => reversePosting(tx, target.postingId, 'property reversal')),
            );
            if (target.reversedBy) {
              expect(outcome).toEqual({ postingId: target.reversedBy, replayed: true });
              continue;
            }
            expect(outcome === 'refused').toBe(!fits(mirror));
            if (outcome === 'refused') {
              overdrafts += 1;
              continue;
            }
            reversals += 1;
            apply(mirror);
            target.reversedBy = outcome.postingId;
            postings.push({
              postingId: outcome.postingId,
              request: { reverses: target.postingId },
              deltas: mirror,
              reversedBy: null,
            });
          }
        }

        const rows = await dbOf(ctx.app)
          .select({ id: wallets.id, balance: wallets.balance })
          .from(wallets)
          .where(inArray(wallets.id, [...model.keys()]));
        expect(Object.fromEntries(rows.map((row) => [row.id, row.balance]))).toEqual(
          Object.fromEntries(model),
        );
        expect(rows.every((row) => row.balance >= 0)).toBe(true);
        const report = await verifyLedger(dbOf(ctx.app));
        expect(report.checks.filter((check) => check.violations > 0)).toEqual([]);
        expect(report.ok).toBe(true);
      }),
      { numRuns: 25 },
    );
    // The generators must actually reach the interesting paths, or the property proves little.
    expect(overdrafts).toBeGreaterThan(0);
    expect(reversals).toBeGreaterThan(0);
  });
});
