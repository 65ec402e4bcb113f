import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { actorOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import { assertStorageLeft } from './storage-quota.ts';

/** A refused upload is worth retrying this soon: one upload of 10 files of 10 MB takes seconds, not minutes. */
const RETRY_AFTER_SECONDS = 5;
/** An upload whose sender stops sending for this long is dropped, so a stalled client cannot hold a slot. */
const UPLOAD_IDLE_MS = 60_000;

type UploadLimits = Pick<Config['storage'], 'uploadsPerMerchant' | 'uploadsPerProcess'>;

interface UploadGate {
  perMerchant: Map<string, number>;
  total: number;
}

// One gate per app instance (its config object), so every upload route of one process shares its counts.
const gates = new WeakMap<UploadLimits, UploadGate>();

function gateOf(limits: UploadLimits): UploadGate {
  let gate = gates.get(limits);
  if (!gate) {
    gate = { perMerchant: new Map(), total: 0 };
    gates.set(limits, gate);
  }
  return gate;
}

/** Uploads under way in this process: in all, or of one merchant. */
export function uploadsUnderWay(limits: UploadLimits, merchantId?: string): number {
  const gate = gateOf(limits);
  return merchantId === undefined ? gate.total : (gate.perMerchant.get(merchantId) ?? 0);
}

const busy = (reply: FastifyReply, code: string, message: string) => {
  reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return new AppError(429, code, message);
};

/**
 * Runs an upload's work (reading its body included) only while the merchant has fewer than `uploadsPerMerchant`
 * and the process fewer than `uploadsPerProcess` uploads under way; otherwise answers 429 with Retry-After before
 * a byte of the body is read. The slot is freed when the work ends, however it ends.
 */
export async function throughUploadGate<T>(
  limits: UploadLimits,
  { request, reply, merchantId }: { request: FastifyRequest; reply: FastifyReply; merchantId: string },
  work: () => Promise<T>,
): Promise<T> {
  const gate = gateOf(limits);
  const own = gate.perMerchant.get(merchantId) ?? 0;
  if (own >= limits.uploadsPerMerchant) {
    const uploads = limits.uploadsPerMerchant === 1 ? 'an upload' : `${limits.uploadsPerMerchant} uploads`;
    throw busy(
      reply,
      'UPLOADS_IN_PROGRESS',
      `You already have ${uploads} in progress. Wait for ${limits.uploadsPerMerchant === 1 ? 'it' : 'one'} to finish, then try again.`,
    );
  }
  if (gate.total >= limits.uploadsPerProcess)
    throw busy(
      reply,
      'UPLOADS_BUSY',
      'The server is busy with other uploads. Please try again in a few seconds.',
    );
  gate.perMerchant.set(merchantId, own + 1);
  gate.total += 1;
  try {
    // A real request only (an injected one has no timeouts): the server's own request timeout is off.
    if (typeof request.raw.setTimeout === 'function')
      request.raw.setTimeout(UPLOAD_IDLE_MS, () => request.raw.destroy());
    return await work();
  } finally {
    gate.total -= 1;
    const left = (gate.perMerchant.get(merchantId) ?? 1) - 1;
    if (left > 0) gate.perMerchant.set(merchantId, left);
    else gate.perMerchant.delete(merchantId);
  }
}

/**
 * An upload route's work for `userId`: within its merchant's and the process's share of concurrent uploads (429
 * otherwise) and while the merchant has storage left (413 otherwise), both decided before the body is read.
 */
export function gatedUpload<T>(
  { storage, db }: { storage: Config['storage']; db: DbOrTx },
  { request, reply, userId }: { request: FastifyRequest; reply: FastifyReply; userId: string },
  work: () => Promise<T>,
): Promise<T> {
  return throughUploadGate(storage, { request, reply, merchantId: actorOf(request).ownerId }, async () => {
    await assertStorageLeft(db, storage.quotaBytes, userId);
    return work();
  });
}
