import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebhookPayload, WebhookPayloadSchema } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { expect } from 'vitest';
import type { Config } from '../../../src/config.ts';
import { deliverDueWebhooks } from '../../../src/features/webhooks/webhook-delivery.ts';
import { dbOf, sqlRows } from '../../helper.ts';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the receiver answers to its n-th request (from 1); `hang` never answers until the receiver closes. */
export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  hang?: boolean;
  /** Answers this much later. */
  delayMs?: number;
  /** Sends the status and the start of the body, then nothing more until the receiver closes. */
  stallBody?: boolean;
}

export interface Receiver {
  url: string;
  received: ReceivedWebhook[];
  /** Connections accepted, whatever came of them. */
  connections: number;
  answer: (request: number, received: ReceivedWebhook) => Answer;
  close(): Promise<void>;
}

/** A merchant's webhook receiver: a node:http server on loopback that records every request and connection. */
export async function startReceiver(
  answer: Receiver['answer'] = () => ({ status: 200 }),
  host = '127.0.0.1',
): Promise<Receiver> {
  const hanging: ServerResponse[] = [];
  let server: Server | null = null;
  const receiver: Receiver = {
    url: '',
    received: [],
    connections: 0,
    answer,
    close: async () => {
      for (const response of hanging) response.destroy();
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    },
  };
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      receiver.received.push(received);
      const reply = receiver.answer(receiver.received.length, received);
      if (reply.hang || reply.stallBody) {
        if (reply.stallBody) response.writeHead(reply.status ?? 200).write('accepted, still writi');
        hanging.push(response);
        return;
      }
      const send = () => response.writeHead(reply.status ?? 200, reply.headers).end(reply.body ?? 'ok');
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  server.on('connection', () => {
    receiver.connections += 1;
  });
  await new Promise<void>((resolve) => server?.listen(0, host, resolve));
  receiver.url = `http://${host}:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

/** Checks a received webhook with the `standardwebhooks` library, as a merchant's receiver does; throws if forged. */
export function verified(secret: string, received: ReceivedWebhook): WebhookPayload {
  const headers = Object.fromEntries(
    Object.entries(received.headers).map(([name, value]) => [name, String(value)]),
  );
  return WebhookPayloadSchema.parse(new Webhook(secret).verify(received.body, headers));
}

/**
 * The SSRF corpus: literal private, loopback, link-local, unspecified and multicast addresses in their usual and
 * unusual spellings (the URL parser turns some into others), with `port` where a canary may listen.
 */
export const literalPrivateTargets = (port: string) => [
  `http://127.0.0.1:${port}/hooks`,
  `http://0x7f000001:${port}/hooks`,
  `http://2130706433:${port}/hooks`,
  `http://0177.0.0.1:${port}/hooks`,
  `http://127.1:${port}/hooks`,
  `http://[::ffff:127.0.0.1]:${port}/hooks`,
  `http://[::ffff:7f00:1]:${port}/hooks`,
  `http://[::ffff:0:127.0.0.1]:${port}/hooks`,
  `http://[::127.0.0.1]:${port}/hooks`,
  `http://[64:ff9b::7f00:1]:${port}/hooks`,
  `http://[2002:7f00:1::1]:${port}/hooks`,
  `http://[::1]:${port}/hooks`,
  `http://0.0.0.0:${port}/hooks`,
  'http://169.254.169.254/latest/meta-data/',
  'http://[::ffff:169.254.169.254]/latest/meta-data/',
  'http://10.0.0.1/hooks',
  'http://172.16.0.1/hooks',
  'http://192.168.1.1/hooks',
  'http://100.64.0.1/hooks',
  'http://[fd00::1]/hooks',
  'http://[fe80::1]/hooks',
  'http://224.0.0.1/hooks',
];

/** Test apps deliver to receivers on loopback, and give up on a silent one quickly. */
export const webhookTestConfig = (overrides: Partial<Config['webhooks']> = {}): Partial<Config> => ({
  webhooks: {
    secretRollOverlapHours: 24,
    timeoutMs: 1_000,
    allowPrivateTargets: true,
    deliveryRetentionDays: 30,
    ...overrides,
  },
});

/** One run of the delivery job, as the scheduled job does it. */
export const deliverNow = (app: FastifyInstance) => deliverDueWebhooks(app.deps, app.log);

/** Time passes until every pending retry is due. */
export async function makeRetriesDue(app: FastifyInstance) {
  await dbOf(app).execute(
    sql`update webhook_deliveries set next_attempt_at = now() where status = 'pending'`,
  );
}

export interface DeliveryState {
  id: string;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  last_response_code: number | null;
  last_response_body: string | null;
  last_error: string | null;
}

export async function deliveriesOf(app: FastifyInstance, userId: string): Promise<DeliveryState[]> {
  return sqlRows<DeliveryState>(
    app,
    sql`select id, status, attempts, next_attempt_at, last_response_code, last_response_body, last_error
        from webhook_deliveries where user_id = ${userId} order by created_at, id`,
  );
}

export async function onlyDeliveryOf(app: FastifyInstance, userId: string): Promise<DeliveryState> {
  const deliveries = await deliveriesOf(app, userId);
  expect(deliveries).toHaveLength(1);
  return deliveries[0] as DeliveryState;
}

/** Milliseconds from now until the delivery's next attempt. */
export const waitOf = (delivery: DeliveryState) => new Date(delivery.next_attempt_at).getTime() - Date.now();
