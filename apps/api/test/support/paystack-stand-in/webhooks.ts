import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';

/** One attempt to deliver a webhook, as recorded in `controls.webhooks`. */
export interface WebhookDelivery {
  event: string;
  /** The exact bytes sent (UTF-8): what the signature covers, and what `resendWebhook` sends again. */
  body: string;
  /** `x-paystack-signature`: HMAC-SHA512 (hex) of the body, keyed by the secret key. */
  signature: string;
  url: string | null;
  /** 1 for the first try of a notice, 2 for its first retry, …; a replay (`resendWebhook`) starts at 1 again. */
  attempt: number;
  /** The receiver's HTTP status; null while it is being delivered, or when it could not be (then `error` says why). */
  status: number | null;
  error: string | null;
  /** For a replay, the index of the delivery it replays. */
  replayOf: number | null;
}

export interface WebhookSenderSettings {
  secretKey: string;
  webhookUrl: () => string | null;
  retryMs: number;
  maxAttempts: number;
  schedule: (ms: number, run: () => void) => void;
}

const DELIVERY_TIMEOUT_MS = 10_000;

/** POSTs the body as is (no agent: each delivery its own connection, so nothing lingers after a test). */
function post(url: string, body: string, signature: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const request = (target.protocol === 'https:' ? https : http).request(
      target,
      {
        method: 'POST',
        agent: false,
        timeout: DELIVERY_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-paystack-signature': signature,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Sends webhooks as Paystack does: a JSON POST `{ event, data }` signed with `x-paystack-signature`. A non-2xx
 * answer or no answer is tried again after `retryMs`, up to `maxAttempts` tries in all. Deliveries go one at a
 * time in the order they were made, so a transfer's success is delivered before its reversal.
 */
export function createWebhookSender(settings: WebhookSenderSettings) {
  const deliveries: WebhookDelivery[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  let waitingRetries = 0;

  async function attempt(
    event: string,
    body: string,
    signature: string,
    attemptNumber: number,
    replayOf: number | null,
  ): Promise<WebhookDelivery> {
    const url = settings.webhookUrl();
    const delivery: WebhookDelivery = {
      event,
      body,
      signature,
      url,
      attempt: attemptNumber,
      status: null,
      error: null,
      replayOf,
    };
    // Recorded as it starts (status and error still null), so it is listed while the receiver handles it.
    deliveries.push(delivery);
    if (!url) {
      delivery.error = 'No webhook URL';
      return delivery;
    }
    try {
      delivery.status = await post(url, body, signature);
      if (delivery.status < 200 || delivery.status >= 300) delivery.error = `Answered ${delivery.status}`;
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    const retry = replayOf === null && delivery.error !== null && attemptNumber < settings.maxAttempts;
    if (retry) {
      waitingRetries++;
      settings.schedule(settings.retryMs, () => {
        waitingRetries--;
        enqueue(() => attempt(event, body, signature, attemptNumber + 1, null));
      });
    }
    return delivery;
  }

  function enqueue<T>(work: () => Promise<T>): Promise<T> {
    const done = queue.then(work);
    queue = done.catch(() => undefined);
    return done;
  }

  return {
    deliveries: deliveries as readonly WebhookDelivery[],

    /** Queues a notice; it is delivered (and retried) in the background. */
    send(event: string, data: unknown): void {
      const body = JSON.stringify({ event, data });
      const signature = createHmac('sha512', settings.secretKey).update(body, 'utf8').digest('hex');
      void enqueue(() => attempt(event, body, signature, 1, null));
    },

    /** Delivers an earlier delivery's bytes and signature again, once; resolves with the new delivery. */
    resend(index: number): Promise<WebhookDelivery> {
      const earlier = deliveries[index];
      if (!earlier) throw new Error(`No webhook delivery at index ${index}`);
      return enqueue(() => attempt(earlier.event, earlier.body, earlier.signature, 1, index));
    },

    /** Resolves once nothing is being delivered or waiting for a retry. */
    async idle(): Promise<void> {
      for (;;) {
        const current = queue;
        await current;
        if (current === queue && waitingRetries === 0) return;
        if (current === queue) await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
