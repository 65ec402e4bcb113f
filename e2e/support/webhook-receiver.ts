import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { expect, type Merchant } from './fixtures';
import { patience } from './patience';

interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

type Answer = (body: string) => { status: number; body: string };
const OK: Answer = () => ({ status: 200, body: 'ok' });

/**
 * A webhook receiver on loopback (the e2e server allows private targets, ALLOW_PRIVATE_WEBHOOK_TARGETS): it keeps
 * every request and answers what `answer` says (200 'ok' by default).
 */
export async function startWebhookReceiver(answer: Answer = OK) {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, body });
      const reply = answer(body);
      response.writeHead(reply.status, { 'content-type': 'text/plain' }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/bizdash`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Through the API, as a test's starting point: a key, the webhook URL, and a test event of each type given,
 * waiting until the receiver has had them all.
 */
export async function withKeyAndDeliveries(
  request: APIRequestContext,
  merchant: Merchant,
  receiver: Awaited<ReturnType<typeof startWebhookReceiver>>,
  types: readonly string[],
): Promise<void> {
  const headers = { Authorization: `Bearer ${merchant.token}` };
  for (const change of [{ generateNewKey: true }, { webhookUrl: receiver.url }]) {
    const response = await request.put('/api/users/update-api-details', {
      headers,
      data: { userId: merchant.userId, ...change },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  for (const type of types) {
    const response = await request.post(`/api/users/${merchant.userId}/webhooks/test`, {
      headers,
      data: { type },
    });
    expect(response.status(), await response.text()).toBe(202);
  }
  await expect
    .poll(() => receiver.received.length, { timeout: patience(20_000) })
    .toBeGreaterThanOrEqual(types.length);
}
