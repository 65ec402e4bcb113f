import {
  ApiErrorSchema,
  FxConversionRequestSchema,
  FxConversionSchema,
  FxQuoteRequestSchema,
  FxQuoteSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeyHeaderSchema,
} from '@bizdash/shared';
import { actorOf } from '../../lib/actor.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { businessAuditOf } from '../audit/index.ts';
import { convertQuote, createQuote, type FxContext } from './fx.service.ts';

/** Currency conversion between the merchant's own wallets: a quote, then its conversion (ADR 031). */
export function fxRoutes(deps: AppDeps) {
  return typedRoutes(async (api) => {
    const context: FxContext = { db: deps.database.db, rates: deps.fxRates, settings: deps.config.fx };
    const common = { tags: ['fx'] };

    api.post(
      '/quotes',
      {
        config: { permission: 'money.read' },
        schema: {
          ...common,
          summary: 'A price for converting between NGN and USD, held for 30 seconds (FX_QUOTE_TTL_SECONDS)',
          description:
            "sell: `amount` is what leaves the `from` wallet, fee included; buy: `amount` is what arrives in the `to` wallet. Amounts are integer minor units (kobo, cents). Rates are naira per dollar to 4 decimal places; every rounding is in the house's favour, to the minor unit.",
          body: FxQuoteRequestSchema,
          response: { 201: FxQuoteSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const quote = await createQuote(context, actorOf(request).actingUserId, request.body);
        return reply.code(201).send(quote);
      },
    );

    api.post(
      '/conversions',
      {
        config: { permission: 'conversions.create' },
        ...deps.idempotency.route(),
        schema: {
          ...common,
          summary: 'Convert a quote: the quoted amounts move between the two wallets, once',
          description:
            '409 QUOTE_EXPIRED after the quote expires, INSUFFICIENT_FUNDS when the wallet cannot pay it (nothing moves), QUOTE_ALREADY_USED when it was converted with another Idempotency-Key. The same key replays the first answer.',
          headers: IdempotencyKeyHeaderSchema,
          body: FxConversionRequestSchema,
          response: {
            200: FxConversionSchema,
            201: FxConversionSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            404: ApiErrorSchema,
            409: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const { conversion, replayed } = await convertQuote(
          context,
          actorOf(request).actingUserId,
          request.body.quoteId,
          request.headers[IDEMPOTENCY_KEY_HEADER],
          businessAuditOf(request, actorOf(request)),
        );
        return reply.code(replayed ? 200 : 201).send(conversion);
      },
    );
  });
}
