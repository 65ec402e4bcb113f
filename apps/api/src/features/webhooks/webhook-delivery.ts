import type { FastifyBaseLogger } from 'fastify';
import { withTransaction } from '../../db/transaction.ts';
import { emitEvent } from '../../jobs/events.repository.ts';
import type { ScheduledJob } from '../../jobs/schedule.repository.ts';
import { type RetrySchedule, retryDelayMs } from '../../lib/backoff.ts';
import type { AppDeps, FeatureJobs } from '../../types.ts';
import {
  type AttemptOutcome,
  claimDueDeliveries,
  type DeliveryRow,
  disableEndpoint,
  endpointsByIds,
  markEndpointFailing,
  pruneFinishedDeliveries,
  recordAttempt,
  recordOutcome,
  releaseClaimedDeliveries,
} from './webhook-deliveries.repository.ts';
import { type WebhookDeps, webhookPolicy } from './webhook-endpoints.service.ts';
import { postWebhook, type SendResult } from './webhook-sender.ts';
import { signatureHeader, signingSecrets } from './webhook-signing.ts';
import type { EndpointRow } from './webhooks.repository.ts';

/** Sending needs the job runner too (disabling an endpoint writes an event), and notes its leases (ADR 065). */
type DeliveryDeps = WebhookDeps & Pick<AppDeps, 'jobs' | 'leases'>;

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The wait after each failed attempt: 10 retries over about three and a half days (README, Webhooks). */
export const RETRY_SCHEDULE_MS = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
];
/** Each wait jittered by ±20%, so the endpoints of one outage are not all retried in the same second. */
const WEBHOOK_RETRIES: RetrySchedule = {
  waitsMs: RETRY_SCHEDULE_MS,
  afterLast: 'give-up',
  jitter: [0.8, 1.2],
};

/** An endpoint whose deliveries have all failed for this long is disabled and its merchant told. */
const DISABLE_AFTER_FAILING_MS = 72 * HOUR;
/** Deliveries sent at once by one run: each may take the whole timeout, and they run side by side. */
const BATCH_SIZE = 20;

const GONE_REASON = 'It answered 410 Gone.';
const FAILING_REASON = 'Every delivery failed for 3 days.';

/**
 * When to try again after the `failedInRound`-th failed attempt of a round (a resend starts a new round): the
 * schedule's wait, jittered, or longer when the receiver asked for longer with Retry-After. Null: give up.
 */
export function nextAttemptDelayMs(failedInRound: number, retryAfterMs: number | null, random = Math.random) {
  const scheduled = retryDelayMs(WEBHOOK_RETRIES, failedInRound, random);
  return scheduled === null ? null : Math.max(scheduled, retryAfterMs ?? 0);
}

function headersFor(deps: WebhookDeps, delivery: DeliveryRow, endpoint: EndpointRow) {
  const now = new Date();
  const secrets = signingSecrets(deps.secretBox, endpoint, now);
  return {
    'content-type': 'application/json',
    'user-agent': 'Bizdash-Webhooks/1',
    'webhook-id': delivery.id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signatureHeader(secrets, delivery.id, now, delivery.payload),
  };
}

/** Stops the endpoint and, the first time, tells its owner through the event pipeline ('notify': an app's merchant). */
async function disableAndNotify(deps: DeliveryDeps, endpoint: EndpointRow, reason: string) {
  await withTransaction(deps, async (tx) => {
    if (!(await disableEndpoint(tx, endpoint.id, reason))) return;
    await emitEvent(tx, {
      userId: endpoint.userId,
      type: 'webhook.endpoint_disabled',
      data: { userId: endpoint.userId, url: endpoint.url, reason },
    });
  });
}

const answered = (result: SendResult) => ({
  lastResponseCode: result.code,
  lastResponseBody: result.body,
  lastError: result.error,
});

/** What one attempt's answer means: success, a disabled endpoint (410), or a failure retried on the schedule. */
async function settle(
  deps: DeliveryDeps,
  delivery: DeliveryRow,
  endpoint: EndpointRow,
  result: SendResult,
): Promise<AttemptOutcome> {
  const db = deps.database.db;
  if (result.code !== null && result.code >= 200 && result.code < 300) {
    await markEndpointFailing(db, endpoint.id, false);
    return { status: 'succeeded', succeededAt: new Date(), ...answered(result) };
  }
  if (result.code === 410) {
    await disableAndNotify(deps, endpoint, GONE_REASON);
    return { status: 'disabled', ...answered(result) };
  }
  const failingSince = await markEndpointFailing(db, endpoint.id, true);
  if (failingSince && Date.now() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS) {
    await disableAndNotify(deps, endpoint, FAILING_REASON);
    return { status: 'disabled', ...answered(result) };
  }
  const delay = nextAttemptDelayMs(delivery.attempts - delivery.retryBase, result.retryAfterMs);
  return delay === null
    ? { status: 'failed', ...answered(result) }
    : { status: 'pending', nextAttemptAt: new Date(Date.now() + delay), ...answered(result) };
}

/** One signed POST; a secret that no longer opens (SECRETS_KEY changed) is a failed attempt, not a crash. */
async function attempt(deps: WebhookDeps, delivery: DeliveryRow, endpoint: EndpointRow): Promise<SendResult> {
  let headers: Record<string, string>;
  try {
    headers = headersFor(deps, delivery, endpoint);
  } catch {
    const error = 'The signing secret could not be opened (was SECRETS_KEY changed?)';
    return { code: null, body: null, error, retryAfterMs: null };
  }
  return postWebhook({
    url: endpoint.url,
    policy: webhookPolicy(deps.config),
    timeoutMs: deps.config.webhooks.timeoutMs,
    headers,
    body: delivery.payload,
  });
}

async function deliver(deps: DeliveryDeps, delivery: DeliveryRow, endpoint: EndpointRow | undefined) {
  const db = deps.database.db;
  if (!endpoint || endpoint.disabledAt) {
    await recordOutcome(db, delivery, { status: 'disabled', lastError: 'The endpoint is disabled' });
    return;
  }
  const attemptedAt = new Date();
  const result = await attempt(deps, delivery, endpoint);
  // Kept even when a later attempt has taken over the delivery: this one was made and the receiver saw it.
  await recordAttempt(db, {
    deliveryId: delivery.id,
    attempt: delivery.attempts,
    attemptedAt,
    durationMs: Date.now() - attemptedAt.getTime(),
    responseCode: result.code,
    responseBody: result.body,
    error: result.error,
  });
  await recordOutcome(db, delivery, await settle(deps, delivery, endpoint, result));
}

/**
 * Sends every delivery due now, up to a batch, side by side; returns how many it took. A process that dies after
 * sending and before recording leaves the lease to run out: the delivery is sent again, with the same webhook-id
 * (at least once; receivers deduplicate on it).
 */
export async function deliverDueWebhooks(deps: DeliveryDeps, log: FastifyBaseLogger): Promise<number> {
  const db = deps.database.db;
  const leaseSeconds = Math.ceil((deps.config.webhooks.timeoutMs * 2) / SECOND) + 30;
  const claimed = await claimDueDeliveries(db, BATCH_SIZE, leaseSeconds);
  const letGo = deps.leases.hold(leaseSeconds, () => releaseClaimedDeliveries(db, claimed));
  const endpoints = await endpointsByIds(db, [...new Set(claimed.map((delivery) => delivery.endpointId))]);
  await Promise.all(
    claimed.map((delivery) =>
      deliver(
        deps,
        delivery,
        endpoints.find((endpoint) => endpoint.id === delivery.endpointId),
      ).catch((error: unknown) =>
        // The lease runs out and the delivery is tried again.
        log.error({ err: error, deliveryId: delivery.id }, 'recording a webhook delivery failed'),
      ),
    ),
  );
  letGo();
  return claimed.length;
}

/** Every 2 seconds, by one process at a time (the scheduled job's claim; each delivery is leased as well). */
const webhooksJob = (deps: DeliveryDeps, log: FastifyBaseLogger): ScheduledJob => ({
  name: 'webhooks-delivery',
  everyMs: 2_000,
  run: () => deliverDueWebhooks(deps, log),
});

/** Hourly: the delivery log keeps WEBHOOK_DELIVERY_RETENTION_DAYS of finished deliveries, then lets them go. */
export const webhookDeliveriesPruneJob = (deps: Pick<WebhookDeps, 'database' | 'config'>): ScheduledJob => ({
  name: 'webhook-deliveries-prune',
  everyMs: 3_600_000,
  run: () =>
    pruneFinishedDeliveries(
      deps.database.db,
      new Date(Date.now() - deps.config.webhooks.deliveryRetentionDays * 86_400_000),
    ),
});

/** Webhooks' scheduled jobs (listed in app.ts): sending, and pruning the log. */
export const webhooksJobs: FeatureJobs = (deps, app) => [
  webhooksJob(deps, app.log),
  webhookDeliveriesPruneJob(deps),
];
