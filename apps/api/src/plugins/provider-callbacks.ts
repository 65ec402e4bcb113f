import type { IncomingHttpHeaders } from 'node:http';
import { ApiErrorSchema } from '@bizdash/shared';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, DbOrTx } from '../db/client.ts';
import { type CallbackSource, seenCallbacks } from '../db/schema/seen-callbacks.ts';
import type { ScheduledJob } from '../jobs/schedule.repository.ts';
import { badRequest } from '../lib/errors.ts';
import { CallbackRefused } from '../providers/identity/identity-types.ts';

/** A provider's callback as it arrived: the signature covers these exact bytes. */
export interface ReceivedCallback {
  rawBody: string;
  headers: IncomingHttpHeaders;
}

const CallbackAnswerSchema = z.object({ received: z.literal(true), applied: z.boolean() });

/**
 * A provider's signed callback route (public: the signature is the credential). The body reaches `apply` as raw
 * text, checked before anything parses it; a CallbackRefused from the provider's check (or from anything `apply`
 * asks the provider) is a 400 CALLBACK_REFUSED. Registers a string body parser, so it goes in a plugin of its own.
 */
export function signedCallbackRoute(
  app: FastifyInstance,
  route: {
    url: string;
    tags: string[];
    summary: string;
    apply(callback: ReceivedCallback): Promise<{ applied: boolean }>;
  },
) {
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    route.url,
    {
      schema: {
        tags: route.tags,
        summary: route.summary,
        response: { 200: CallbackAnswerSchema, 400: ApiErrorSchema, 409: ApiErrorSchema },
      },
    },
    async (request) => {
      if (typeof request.body !== 'string') throw badRequest('The callback must be a JSON body.');
      try {
        const { applied } = await route.apply({ rawBody: request.body, headers: request.headers });
        return { received: true as const, applied };
      } catch (error) {
        if (error instanceof CallbackRefused) throw badRequest(error.message, 'CALLBACK_REFUSED');
        throw error;
      }
    },
  );
}

interface SeenCallback {
  source: CallbackSource;
  provider: string;
  callbackId: string;
}

const sameCallback = ({ source, provider, callbackId }: SeenCallback) =>
  and(
    eq(seenCallbacks.source, source),
    eq(seenCallbacks.provider, provider),
    eq(seenCallbacks.callbackId, callbackId),
  );

/** Whether a callback id was received before (a replay), without recording it. */
export async function callbackSeen(db: DbOrTx, callback: SeenCallback) {
  const [row] = await db
    .select({ callbackId: seenCallbacks.callbackId })
    .from(seenCallbacks)
    .where(sameCallback(callback));
  return Boolean(row);
}

/** Remembers a callback id; false when it was seen before (a replay). */
export async function recordCallback(db: DbOrTx, callback: SeenCallback) {
  const inserted = await db
    .insert(seenCallbacks)
    .values(callback)
    .onConflictDoNothing()
    .returning({ callbackId: seenCallbacks.callbackId });
  return inserted.length > 0;
}

/** Ids kept a day: the signatures' 5-minute timestamp window refuses any older callback anyway. */
export const pruneSeenCallbacksJob = (db: Db): ScheduledJob => ({
  name: 'seen-callbacks-prune',
  everyMs: 3_600_000,
  run: () => db.delete(seenCallbacks).where(lt(seenCallbacks.receivedAt, new Date(Date.now() - 86_400_000))),
});
