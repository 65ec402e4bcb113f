import { randomInt } from 'node:crypto';
import {
  CURRENCY_INFO,
  type Currency,
  FX_PAIR,
  type FxConversion,
  type FxQuote,
  type FxSide,
  fxInsufficientFundsMessage,
} from '@bizdash/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FxRatesProvider } from '../../providers/fx-rates/fx-rates-provider.ts';
import { type BusinessAuditContext, recordAuditEvent } from '../audit/index.ts';
import { lockOwnedWallets, recordTransaction } from '../money/index.ts';
import { type FxQuoteRow, insertQuote, lockOwnedQuote, markOwnedQuoteConverted } from './fx.repository.ts';
import { parseRate, priceQuote, rateText, scaleRate } from './fx-pricing.ts';

export interface FxContext {
  db: Db;
  rates: FxRatesProvider;
  settings: Config['fx'];
}

const QUOTE_NOT_FOUND = 'Quote not found';
const QUOTE_EXPIRED = 'This quote has expired. Get a new quote and try again.';
const QUOTE_ALREADY_USED = 'This quote has already been converted. Get a new quote to convert again.';
const AMOUNT_TOO_SMALL = 'This amount is too small to convert.';
const WALLET_NOT_AVAILABLE = 'This wallet cannot be used for a conversion right now.';

function toQuote(row: FxQuoteRow): FxQuote {
  return {
    id: row.id,
    from: row.fromCurrency,
    to: row.toCurrency,
    side: row.side,
    // The numeric columns read back as PostgreSQL writes them; the contract is exactly 4 decimals.
    midRate: rateText(parseRate(row.midRate)),
    rate: rateText(parseRate(row.rate)),
    rateBase: FX_PAIR.base,
    rateCounter: FX_PAIR.counter,
    spreadBps: row.spreadBps,
    feeBps: row.feeBps,
    fee: row.fee,
    amountIn: row.amountIn,
    amountOut: row.amountOut,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

function toConversion(row: FxQuoteRow): FxConversion {
  if (!row.reference || !row.debitTransactionId || !row.creditTransactionId || !row.convertedAt) {
    throw new Error(`fx quote ${row.id} is not converted`);
  }
  return {
    quote: toQuote(row),
    reference: row.reference,
    debitTransactionId: row.debitTransactionId,
    creditTransactionId: row.creditTransactionId,
    feeTransactionId: row.feeTransactionId,
    convertedAt: row.convertedAt.toISOString(),
  };
}

/** The house's price for the merchant's request, kept for `quoteTtlSeconds`: the amounts are final. */
export async function createQuote(
  { db, rates, settings }: FxContext,
  userId: string,
  request: { from: Currency; to: Currency; amount: number; side: FxSide },
): Promise<FxQuote> {
  const now = new Date();
  const market = await rates.midRate(FX_PAIR.base, FX_PAIR.counter, now);
  const price = priceQuote({
    ...request,
    mid: scaleRate(market.rate),
    spreadBps: settings.spreadBps,
    feeBps: settings.feeBps,
  });
  if (!price) throw badRequest(AMOUNT_TOO_SMALL, 'AMOUNT_TOO_SMALL');
  const row = await insertQuote(db, {
    userId,
    fromCurrency: request.from,
    toCurrency: request.to,
    side: request.side,
    requestedAmount: request.amount,
    midRate: rateText(price.mid),
    rate: rateText(price.rate),
    spreadBps: settings.spreadBps,
    feeBps: settings.feeBps,
    fee: price.fee,
    amountIn: price.amountIn,
    amountOut: price.amountOut,
    expiresAt: new Date(now.getTime() + settings.quoteTtlSeconds * 1000),
    createdAt: now,
    updatedAt: now,
  });
  return toQuote(row);
}

/** A reference both wallets' transactions carry, readable aloud: no 0/O or 1/I/L. */
function newReference(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return `FX-${Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('')}`;
}

/**
 * Converts a quote, in one database transaction: the quote locked (so it converts once), then both wallets in the
 * ledger's lock order; the source wallet pays what is converted to the FX account and the fee to FEES_EARNED
 * (its child), and the FX account pays the target wallet: each posting balanced in its own currency. The same
 * Idempotency-Key again answers with this conversion (`replayed`); any other key finds the quote used.
 */
export async function convertQuote(
  { db }: FxContext,
  userId: string,
  quoteId: string,
  idempotencyKey: string,
  audit: BusinessAuditContext,
): Promise<{ conversion: FxConversion; replayed: boolean }> {
  return db.transaction(async (tx) => {
    const quote = await lockOwnedQuote(tx, userId, quoteId);
    if (!quote) throw notFound(QUOTE_NOT_FOUND);
    if (quote.status === 'CONVERTED') {
      if (quote.conversionKey === idempotencyKey) return { conversion: toConversion(quote), replayed: true };
      throw conflict(QUOTE_ALREADY_USED, 'QUOTE_ALREADY_USED');
    }
    if (quote.expiresAt.getTime() <= Date.now()) throw conflict(QUOTE_EXPIRED, 'QUOTE_EXPIRED');

    const wallets = await lockOwnedWallets(tx, userId);
    const source = wallets.find((wallet) => wallet.currency === quote.fromCurrency);
    const target = wallets.find((wallet) => wallet.currency === quote.toCurrency);
    if (!source || !target) throw notFound('Wallet not found');
    if (source.status !== 'ACTIVE' || target.status === 'DEACTIVATED') {
      throw new AppError(409, 'WALLET_NOT_AVAILABLE', WALLET_NOT_AVAILABLE);
    }
    // Judged on the locked row, before anything moves; the ledger would refuse the same, but later.
    if (source.balance < quote.amountIn) {
      throw conflict(fxInsufficientFundsMessage(quote.fromCurrency), 'INSUFFICIENT_FUNDS');
    }

    const reference = newReference();
    const from = quote.fromCurrency;
    const to = quote.toCurrency;
    const debit = await recordTransaction(
      tx,
      {
        userId,
        walletId: source.id,
        type: 'DEBIT',
        status: 'SUCCESSFUL',
        amount: quote.amountIn - quote.fee,
        currency: from,
        description: `Conversion to ${to}`,
        channel: 'FX',
        counterparty: 'FX',
        beneficiary: `${CURRENCY_INFO[to].name} wallet`,
        orderReference: reference,
      },
      source,
    );
    const fee =
      quote.fee > 0
        ? await recordTransaction(
            tx,
            {
              userId,
              walletId: source.id,
              type: 'DEBIT',
              status: 'SUCCESSFUL',
              amount: quote.fee,
              currency: from,
              description: `Conversion fee: ${reference}`,
              channel: 'FEE',
              counterparty: 'FEES_EARNED',
              orderReference: reference,
              parentTransactionId: debit.id,
            },
            source,
          )
        : null;
    const credit = await recordTransaction(
      tx,
      {
        userId,
        walletId: target.id,
        type: 'CREDIT',
        status: 'SUCCESSFUL',
        amount: quote.amountOut,
        currency: to,
        description: `Conversion from ${from}`,
        channel: 'FX',
        counterparty: 'FX',
        beneficiary: `${CURRENCY_INFO[from].name} wallet`,
        orderReference: reference,
        parentTransactionId: debit.id,
      },
      target,
    );
    const converted = await markOwnedQuoteConverted(tx, userId, quote.id, {
      conversionKey: idempotencyKey,
      reference,
      debitTransactionId: debit.id,
      creditTransactionId: credit.id,
      feeTransactionId: fee?.id ?? null,
      convertedAt: new Date(),
    });
    await recordAuditEvent(tx, {
      ...audit,
      action: 'conversion.made',
      target: { type: 'fx_quote', id: quote.id },
      details: {
        userId,
        reference,
        fromCurrency: from,
        toCurrency: to,
        amountIn: quote.amountIn,
        amountOut: quote.amountOut,
        fee: quote.fee,
        rate: quote.rate,
        fromWalletId: source.id,
        toWalletId: target.id,
      },
    });
    return { conversion: toConversion(converted), replayed: false };
  });
}
