import {
  type Currency,
  FxConversionRequestSchema,
  FxConversionSchema,
  FxQuoteRequestSchema,
  FxQuoteSchema,
  IDEMPOTENCY_KEY_HEADER,
} from '@bizdash/shared';
import { HttpResponse, http } from 'msw';
import { db } from '../db';
import { apiError, contractJson, jsonBody, notFound, parseOr400, requireSession } from '../utils';

/** The mocked house: ₦1,550 per dollar mid, 150 bps spread either way, a 50 bps fee. */
const MOCK_FX = { mid: '1550.0000', buyDollars: '1573.2500', sellDollars: '1526.7500', feeBps: 50 };

const rateFor = (to: Currency) => (to === 'USD' ? MOCK_FX.buyDollars : MOCK_FX.sellDollars);
/** Minor units of `to` per minor unit of `from` (both currencies have two decimals). */
const factor = (from: Currency, to: Currency) =>
  from === 'USD' ? Number(rateFor(to)) : 1 / Number(rateFor(to));

/** POST /api/fx/quotes and /api/fx/conversions over the db's wallets, as db.fx sets them up. */
export const fxHandlers = [
  http.post('/api/fx/quotes', async ({ request }) => {
    requireSession(request);
    const body = parseOr400(FxQuoteRequestSchema, await jsonBody(request));
    const f = factor(body.from, body.to);
    let amountIn: number;
    let amountOut: number;
    if (body.side === 'sell') {
      amountIn = body.amount;
      amountOut = Math.floor((amountIn - Math.ceil((amountIn * MOCK_FX.feeBps) / 10_000)) * f);
    } else {
      amountOut = body.amount;
      amountIn = Math.ceil(Math.ceil(amountOut / f) / (1 - MOCK_FX.feeBps / 10_000));
    }
    const now = Date.now();
    const quote = FxQuoteSchema.parse({
      id: `00000000-0000-4000-8000-${String(db.fx.quotes.size + 1).padStart(12, '0')}`,
      ...body,
      midRate: MOCK_FX.mid,
      rate: rateFor(body.to),
      rateBase: 'USD',
      rateCounter: 'NGN',
      spreadBps: 150,
      feeBps: MOCK_FX.feeBps,
      fee: Math.ceil((amountIn * MOCK_FX.feeBps) / 10_000),
      amountIn,
      amountOut,
      expiresAt: new Date(now + db.fx.quoteTtlMs).toISOString(),
      createdAt: new Date(now).toISOString(),
    });
    db.fx.quotes.set(quote.id, quote);
    return contractJson(FxQuoteSchema, quote, 201);
  }),

  http.post('/api/fx/conversions', async ({ request }) => {
    requireSession(request);
    const key = request.headers.get(IDEMPOTENCY_KEY_HEADER);
    if (!key) return apiError(400, 'An Idempotency-Key header is required', 'VALIDATION_ERROR');
    const { quoteId } = parseOr400(FxConversionRequestSchema, await jsonBody(request));
    const answer = db.fx.conversionAnswers.shift();
    if (answer) return answer();
    const quote = db.fx.quotes.get(quoteId);
    if (!quote) return notFound('Quote not found');
    if (db.fx.converted.has(quoteId) && db.fx.converted.get(quoteId) !== key) {
      return apiError(409, 'This quote has already been converted.', 'QUOTE_ALREADY_USED');
    }
    const source = db.wallets.find((wallet) => wallet.currency === quote.from);
    const target = db.wallets.find((wallet) => wallet.currency === quote.to);
    if (!source || !target) return notFound('Wallet not found');
    if (!db.fx.converted.has(quoteId)) {
      if (source.availableBalance < quote.amountIn) {
        return apiError(409, 'Your Naira balance is not enough for this conversion.', 'INSUFFICIENT_FUNDS');
      }
      source.availableBalance -= quote.amountIn;
      target.availableBalance += quote.amountOut;
      db.fx.converted.set(quoteId, key);
    }
    return contractJson(
      FxConversionSchema,
      {
        quote,
        reference: 'FX-ABCDEFGHJK',
        debitTransactionId: '30000000-0000-4000-8000-000000000001',
        creditTransactionId: '30000000-0000-4000-8000-000000000002',
        feeTransactionId: '30000000-0000-4000-8000-000000000003',
        convertedAt: new Date().toISOString(),
      },
      201,
    );
  }),
];

/** A conversion answer the network never delivered (the app sees a failed fetch). */
export const networkFailure = () => HttpResponse.error();
