import { ApiErrorSchema } from '@bizdash/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import { CallbackRefused } from '../../providers/identity/identity-types.ts';
import type { AppDeps } from '../../types.ts';
import { applyCallback, pruneSeenCallbacksJob } from './kyc.service.ts';

const CallbackAnswerSchema = z.object({ received: z.literal(true), applied: z.boolean() });

/** The identity provider's signed callbacks (public: the signature is the credential). */
export function kycCallbackRoutes(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    deps.jobs.schedule(pruneSeenCallbacksJob(deps));
    // The signature covers the body's exact bytes: it is checked before anything parses it.
    app.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );

    app.withTypeProvider<ZodTypeProvider>().post(
      '/callback',
      {
        schema: {
          tags: ['kyc'],
          summary:
            "The identity provider's verification update, signed per Standard Webhooks (webhook-id, " +
            'webhook-timestamp within 5 minutes, webhook-signature); each webhook-id is applied once',
          response: { 200: CallbackAnswerSchema, 400: ApiErrorSchema, 409: ApiErrorSchema },
        },
      },
      async (request) => {
        if (typeof request.body !== 'string') throw badRequest('The callback must be a JSON body.');
        let callback: ReturnType<AppDeps['identity']['verifyCallback']>;
        try {
          callback = deps.identity.verifyCallback({ rawBody: request.body, headers: request.headers });
        } catch (error) {
          if (error instanceof CallbackRefused) throw badRequest(error.message, 'CALLBACK_REFUSED');
          throw error;
        }
        const { applied } = await applyCallback(deps, callback);
        return { received: true as const, applied };
      },
    );
  };
}
