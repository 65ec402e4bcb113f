import { ApiErrorSchema } from '@bizdash/shared';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { applyPaystackWebhook, UnsignedWebhook } from './paystack-webhook.service.ts';

const WebhookAnswerSchema = z.object({ received: z.literal(true), applied: z.boolean() });

const UNSIGNED = new AppError(
  401,
  'WEBHOOK_SIGNATURE_INVALID',
  'The x-paystack-signature header is missing or does not sign this body with our Paystack key.',
);

/**
 * Paystack's webhooks (public: the signature is the credential), registered only when a provider is Paystack.
 * The body is kept as the raw text Paystack signed, so this plugin has a string body parser of its own.
 */
export function paystackWebhookRoutes(deps: AppDeps) {
  return typedRoutes(async (api, app) => {
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_request, body, done) => done(null, body),
    );
    api.post(
      '/webhook',
      {
        schema: {
          tags: ['providers'],
          summary:
            "Paystack's webhook: the URL to set in the Paystack dashboard (Settings > API Keys & Webhooks)",
          description:
            'Signed by Paystack: `x-paystack-signature` is the HMAC-SHA512 (hex) of the raw body under the secret key; ' +
            'anything else is 401 `WEBHOOK_SIGNATURE_INVALID` and changes nothing. `transfer.success`, ' +
            '`transfer.failed` and `transfer.reversed` make the payout named by the reference check its transfer with ' +
            'Paystack now (the answer of that check settles it, so a replay changes nothing). `charge.success` ' +
            '(PAYMENTS_PROVIDER=paystack) makes the checkout payment named by the reference verify its transaction ' +
            '(`GET /transaction/verify`): booked once, only when Paystack says it was paid with our amount and ' +
            'currency; a 500 when Paystack did not answer that verify, so it is sent again. `refund.*` makes the refund ' +
            'it names check its state with Paystack now; `charge.dispute.*` records the dispute as Paystack says it ' +
            'stands (opened, under review, won or lost), once per state. Other events are acknowledged and ignored ' +
            '(`applied: false`).',
          headers: z.object({ 'x-paystack-signature': z.string().optional() }),
          response: { 200: WebhookAnswerSchema, 401: ApiErrorSchema },
        },
      },
      async (request) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        try {
          const { applied } = await applyPaystackWebhook(
            deps,
            request.log,
            rawBody,
            request.headers['x-paystack-signature'],
          );
          return { received: true as const, applied };
        } catch (error) {
          if (error instanceof UnsignedWebhook) throw UNSIGNED;
          throw error;
        }
      },
    );
  });
}
