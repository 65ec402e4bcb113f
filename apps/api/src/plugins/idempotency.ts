import { IDEMPOTENCY_KEY_HEADER } from '@bizdash/shared';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Database, Db } from '../db/client.ts';
import { preparedSql } from '../db/prepared.ts';
import { idempotencyKeys } from '../db/schema/idempotency.ts';
import type { LeaseBook } from '../jobs/lease-book.ts';
import type { ScheduledJob } from '../jobs/schedule.repository.ts';
import { conflict } from '../lib/errors.ts';
import type { Keys } from '../lib/keys.ts';

const KEPT_FOR_HOURS = 24;
const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_IN_PROGRESS =
  'A request with this Idempotency-Key is still in progress. Try again in a moment.';
export const IDEMPOTENCY_MISMATCH = 'This Idempotency-Key was already used for a different request.';

interface Claim {
  scope: string;
  key: string;
  /** Forgets the lease noted in the lease book once the response is kept (or the key given up). */
  letGo?: () => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
  }
}

/** Canonical JSON (sorted keys), so the same request sent with its fields in another order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export interface IdempotencyStore {
  /**
   * Route hooks for an endpoint that takes an Idempotency-Key (validated by the route's header schema). They
   * run after validation, so a request that fails it stores nothing.
   */
  route(options?: { mismatchMessage?: string }): {
    preHandler: preHandlerAsyncHookHandler;
    onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
  };
  /** Removes expired keys; scheduled hourly. */
  pruneJob: ScheduledJob;
}

/*
 * The store's writes commit without waiting for the disk (synchronous_commit off for that one statement's
 * transaction): losing the last few of them in a crash only means a retry runs the request again, and every
 * endpoint that moves money also guards the effect itself (checkout: one payment per key; payouts: one per key;
 * conversions: one per quote), so the money path keeps its flushes for the money.
 */
const claimKey = preparedSql(
  'idempotency_claim',
  ['scope', 'key', 'requestHash', 'leaseSeconds'],
  (p) => sql<{ scope: string }>`
  with async_commit as (select set_config('synchronous_commit', 'off', true))
  insert into ${idempotencyKeys} (scope, key, request_hash, locked_until, expires_at)
  select ${p.scope}, ${p.key}, ${p.requestHash},
    now() + make_interval(secs => ${p.leaseSeconds}::int),
    now() + make_interval(hours => ${KEPT_FOR_HOURS})
  from async_commit
  on conflict (scope, key) do update set
    request_hash = excluded.request_hash,
    response_status = null,
    response_body = null,
    response_type = null,
    locked_until = excluded.locked_until,
    expires_at = case when idempotency_keys.expires_at < now() then excluded.expires_at
      else idempotency_keys.expires_at end
  -- An expired key is a new key; a first request that died (no response, lease over) is taken over.
  where idempotency_keys.expires_at < now()
    or (idempotency_keys.response_status is null and idempotency_keys.locked_until < now()
      and idempotency_keys.request_hash = excluded.request_hash)
  returning scope`,
);

const keepResponse = preparedSql(
  'idempotency_keep_response',
  ['scope', 'key', 'status', 'body', 'type'],
  (p) => sql`
  with async_commit as (select set_config('synchronous_commit', 'off', true))
  update ${idempotencyKeys}
  set response_status = ${p.status}, response_body = ${p.body}, response_type = ${p.type}, locked_until = null
  from async_commit
  where scope = ${p.scope} and key = ${p.key}`,
);

/**
 * One idempotency store for every endpoint that moves money: the key is scoped by caller and endpoint; the first
 * response (status, type and body) is kept for 24 hours and replayed as it was; the same key with another body
 * is a 409; a second request while the first runs is a 409 "in progress"; a 5xx is not kept, so a retry runs
 * again.
 */
export function createIdempotencyStore({
  database,
  keys,
  leaseSeconds,
  leases,
}: {
  database: Database;
  keys: Pick<Keys, 'hmac'>;
  /** A first request that has not answered within this long is taken to have died; a retry takes over. */
  leaseSeconds: number;
  /** Where a claimed key is noted until its response is kept, so a process that stops unanswered lets go. */
  leases: LeaseBook;
}): IdempotencyStore {
  const db: Db = database.db;
  // Keyed, because a body may hold a card number: a plain hash of it could be brute-forced from the last four.
  const hashOf = (request: FastifyRequest) =>
    keys.hmac(
      'idempotency-request-hash',
      canonical({ params: request.params, body: request.body ?? null }),
      'hex',
    );

  async function claim({ scope, key }: Claim, requestHash: string) {
    return (await claimKey(db, { scope, key, requestHash, leaseSeconds })).length > 0;
  }

  async function keep(
    { scope, key }: Claim,
    response: { status: number; body: string; type: string | null },
  ) {
    await keepResponse(db, { scope, key, ...response });
  }

  async function earlier({ scope, key }: Claim) {
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    return row ?? null;
  }

  return {
    route: ({ mismatchMessage = IDEMPOTENCY_MISMATCH } = {}) => ({
      preHandler: async (request, reply) => {
        const key = request.headers[IDEMPOTENCY_KEY_HEADER];
        if (typeof key !== 'string') return;
        const caller = request.actor?.actingUserId ?? 'public';
        const path = request.url.split('?')[0];
        const claimed = { scope: `${caller} ${request.method} ${path}`, key };
        const requestHash = hashOf(request);
        if (await claim(claimed, requestHash)) {
          const letGo = leases.hold(leaseSeconds, () => releaseKeyLease(db, claimed));
          request.idempotencyClaim = { ...claimed, letGo };
          return;
        }
        const first = await earlier(claimed);
        if (!first || first.requestHash !== requestHash)
          throw conflict(mismatchMessage, 'IDEMPOTENCY_MISMATCH');
        if (first.responseStatus === null || first.responseBody === null) {
          throw conflict(IDEMPOTENCY_IN_PROGRESS, 'IDEMPOTENCY_IN_PROGRESS');
        }
        reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        if (first.responseType) reply.type(first.responseType);
        // Sent as the stored string: the serializer must not touch it, so the replay is the first body byte for byte.
        return reply
          .code(first.responseStatus)
          .serializer((body) => body as string)
          .send(first.responseBody);
      },
      onSend: async (request, reply, payload) => {
        const claimed = request.idempotencyClaim;
        if (!claimed) return payload;
        request.idempotencyClaim = null;
        const where = and(eq(idempotencyKeys.scope, claimed.scope), eq(idempotencyKeys.key, claimed.key));
        if (reply.statusCode >= 500 || reply.statusCode === 429 || typeof payload !== 'string') {
          await db.delete(idempotencyKeys).where(where);
          claimed.letGo?.();
          return payload;
        }
        const type = reply.getHeader('content-type');
        await keep(claimed, {
          status: reply.statusCode,
          body: payload,
          type: typeof type === 'string' ? type : null,
        });
        claimed.letGo?.();
        return payload;
      },
    }),
    pruneJob: {
      name: 'idempotency-keys-prune',
      everyMs: 3_600_000,
      run: () => db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, sql`now()`)),
    },
  };
}

/**
 * Lets go of this process's claim on a key whose request it will not answer (it is stopping, ADR 065): a retry
 * then runs at once instead of answering 409 until the lease ends. A key answered meanwhile is not touched.
 */
async function releaseKeyLease(db: Db, { scope, key }: Claim) {
  const released = await db
    .update(idempotencyKeys)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(
      and(
        eq(idempotencyKeys.scope, scope),
        eq(idempotencyKeys.key, key),
        isNull(idempotencyKeys.responseStatus),
        sql`${idempotencyKeys.lockedUntil} >= now()`,
      ),
    )
    .returning({ scope: idempotencyKeys.scope });
  return released.length;
}

/**
 * For a process that opens the embedded database (jobs/leases.ts): every key whose first request never answered is
 * let go, since that request's process has ended; a retry then runs at once instead of answering 409 until the
 * lease ends. The store takes over a key whose lease is over (locked_until < now()), never one whose lease is null.
 * Returns how many there were.
 */
export async function releaseIdempotencyLeases(db: Db) {
  const released = await db
    .update(idempotencyKeys)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(and(isNull(idempotencyKeys.responseStatus), sql`${idempotencyKeys.lockedUntil} >= now()`))
    .returning({ scope: idempotencyKeys.scope });
  return released.length;
}
