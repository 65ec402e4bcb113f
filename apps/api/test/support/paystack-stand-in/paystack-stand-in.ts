import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bankRoutes } from './banks.ts';
import { checkoutRoutes } from './checkout-page.ts';
import { createDisputes, type DisputeControls } from './disputes.ts';
import { BadBody, type Reply, type Route, readBody, refuse } from './http.ts';
import { createStandInState } from './state.ts';
import { type CheckoutOutcome, createTransactions } from './transactions.ts';
import { createTransfers } from './transfers.ts';
import { createWebhookSender, type WebhookDelivery } from './webhooks.ts';

/**
 * A local stand-in for Paystack's API (issue 24 §4), written from Paystack's public API reference: banks and name
 * enquiry, transfer recipients and transfers, transactions with a hosted checkout page, refunds, disputes (with
 * evidence uploads), and signed webhooks. In memory, on node:http, for the API tests and the e2e suite. Not
 * Paystack: only what Bizdash uses.
 */
export interface PaystackStandInOptions {
  /** Every request must carry `Authorization: Bearer <secretKey>`; every webhook is signed with it. */
  secretKey: string;
  /** Where webhooks go; null or absent: they are recorded (with their signature) but not sent. */
  webhookUrl?: string | null;
  /** 0 (the default): a free port. Listens on 127.0.0.1. */
  port?: number;
  /** The base of the checkout page's address (`authorization_url`) when browsers reach it by another name. */
  publicUrl?: string;
  /** Each step of a transfer's fate waits this long (default 1000 ms); null: only `settleTransfers()`. */
  transferSettleMs?: number | null;
  /** A refund is processed this long after it is made (default 1000 ms); null: only `processRefunds()`. */
  refundProcessMs?: number | null;
  /** The wait before a webhook is tried again (default 1000 ms). */
  webhookRetryMs?: number;
  /** Tries per webhook in all, the first included (default 5). */
  webhookMaxAttempts?: number;
  /** How long a `failNext(…, 'timeout')` request is held before its connection is dropped (default 30 s). */
  timeoutMs?: number;
}

/**
 * `timeout`: the request is held unanswered (then its connection dropped), nothing done. `server-error`: 500
 * `{ status: false, message: "An error occurred" }`, nothing done. The `-after-work` kinds do the work first
 * (a transfer is made, a refund queued), then hold or answer 500: the caller cannot tell, and must reconcile.
 */
export type FaultKind = 'timeout' | 'timeout-after-work' | 'server-error' | 'server-error-after-work';

export interface RecordedRequest {
  method: string;
  /** Without the query string. */
  path: string;
  query: Record<string, string>;
  /** The parsed body (JSON or form); `{}` when empty, null when it could not be read. */
  body: Record<string, unknown> | null;
}

export interface PaystackStandInControls {
  /** The next request whose method matches and whose path is `pathPrefix` or below it (whole segments). */
  failNext(method: string, pathPrefix: string, kind: FaultKind): void;
  /** While down, every request gets 503. */
  setDown(down: boolean): void;
  /** Every transfer brought to its final status now, its webhooks queued. */
  settleTransfers(): void;
  /** Every pending refund brought to `outcome` now (default processed; `refund.processed`/`refund.failed` queued). */
  processRefunds(outcome?: 'processed' | 'failed'): void;
  /** Disputes on transactions: opened, moved on and decided as a card network would (see disputes.ts). */
  disputes: DisputeControls;
  /** What the checkout page's buttons do; returns where the browser would be sent (null: no callback_url). */
  completeCheckout(reference: string, outcome: CheckoutOutcome): string | null;
  /** Sends an earlier delivery's exact bytes and signature again, once. */
  resendWebhook(index: number): Promise<WebhookDelivery>;
  /** Resolves once no webhook is being delivered or waiting for a retry. */
  webhooksIdle(): Promise<void>;
  setWebhookUrl(url: string | null): void;
  /** Every delivery attempt, in order. */
  readonly webhooks: readonly WebhookDelivery[];
  /** Every request received, in order. */
  readonly requests: readonly RecordedRequest[];
  /** Transfers as `GET /transfer/verify` answers them (a fresh copy each read). */
  readonly transfers: ReadonlyArray<Record<string, unknown> & { reference: string; status: string }>;
  /** Transactions as `GET /transaction/verify` answers them (a fresh copy each read). */
  readonly transactions: ReadonlyArray<Record<string, unknown> & { reference: string; status: string }>;
}

export interface PaystackStandIn {
  /** The base URL (PAYSTACK_BASE_URL), without a trailing slash. */
  url: string;
  close(): Promise<void>;
  controls: PaystackStandInControls;
}

const SERVER_ERROR = refuse(500, 'An error occurred');

const underPrefix = (path: string, prefix: string) => {
  const base = prefix.replace(/\/+$/, '');
  return path === base || path.startsWith(`${base}/`);
};

function send(response: ServerResponse, reply: Reply): void {
  if (reply.kind === 'redirect') {
    response.writeHead(303, { location: reply.location }).end();
  } else if (reply.kind === 'html') {
    response.writeHead(reply.status, { 'content-type': 'text/html; charset=utf-8' }).end(reply.html);
  } else {
    response
      .writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' })
      .end(JSON.stringify(reply.body));
  }
}

export async function startPaystackStandIn(options: PaystackStandInOptions): Promise<PaystackStandIn> {
  const timers = new Set<NodeJS.Timeout>();
  const held = new Set<ServerResponse>();
  let closed = false;
  const schedule = (ms: number, run: () => void) => {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closed) run();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  let webhookUrl = options.webhookUrl ?? null;
  let down = false;
  const faults: Array<{ method: string; pathPrefix: string; kind: FaultKind }> = [];
  const requests: RecordedRequest[] = [];
  const state = createStandInState(options.secretKey);
  const webhooks = createWebhookSender({
    secretKey: options.secretKey,
    webhookUrl: () => webhookUrl,
    retryMs: options.webhookRetryMs ?? 1000,
    maxAttempts: options.webhookMaxAttempts ?? 5,
    schedule,
  });

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const transfers = createTransfers({
    state,
    webhooks,
    settleMs: options.transferSettleMs === undefined ? 1000 : options.transferSettleMs,
    schedule,
  });
  const transactions = createTransactions({
    state,
    webhooks,
    publicUrl: (options.publicUrl ?? url).replace(/\/+$/, ''),
    refundMs: options.refundProcessMs === undefined ? 1000 : options.refundProcessMs,
    schedule,
  });
  const disputes = createDisputes({ state, webhooks, uploadBaseUrl: url });
  const routes: Route[] = [
    ...bankRoutes,
    ...transfers.routes,
    ...transactions.routes,
    ...disputes.routes,
    ...checkoutRoutes(transactions),
  ];

  async function dispatch(
    method: string,
    path: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
    bytes: Buffer,
    authorization: string | undefined,
  ): Promise<Reply> {
    for (const route of routes) {
      const match = route.pattern.exec(path);
      if (!match || route.method !== method) continue;
      if (!route.public && authorization !== `Bearer ${options.secretKey}`) return refuse(401, 'Invalid key');
      const params = match.slice(1).map((param) => decodeURIComponent(param));
      return route.handle({ method, path, query, body, bytes, params });
    }
    if (authorization !== `Bearer ${options.secretKey}`) return refuse(401, 'Invalid key');
    return refuse(404, 'Not found');
  }

  /** No answer: the connection is dropped after `timeoutMs`, or when the stand-in closes. */
  function hold(response: ServerResponse): void {
    held.add(response);
    response.on('close', () => held.delete(response));
    schedule(options.timeoutMs ?? 30_000, () => response.destroy());
  }

  server.on('request', async (request, response) => {
    const target = new URL(request.url ?? '/', url);
    const method = request.method ?? 'GET';
    const record: RecordedRequest = {
      method,
      path: target.pathname,
      query: Object.fromEntries(target.searchParams),
      body: null,
    };
    let body: Record<string, unknown>;
    let bytes: Buffer;
    try {
      ({ body, bytes } = await readBody(request));
      record.body = body;
    } catch (error) {
      requests.push(record);
      if (error instanceof BadBody) return send(response, refuse(400, 'Invalid JSON body'));
      return response.destroy();
    }
    requests.push(record);
    if (down) return send(response, refuse(503, 'Service unavailable'));
    const faultIndex = faults.findIndex(
      (fault) => fault.method === method && underPrefix(record.path, fault.pathPrefix),
    );
    const fault = faultIndex === -1 ? null : faults.splice(faultIndex, 1)[0]?.kind;
    if (fault === 'server-error') return send(response, SERVER_ERROR);
    if (fault === 'timeout') return hold(response);
    let reply: Reply;
    try {
      reply = await dispatch(
        method,
        record.path,
        target.searchParams,
        body,
        bytes,
        request.headers.authorization,
      );
    } catch {
      reply = SERVER_ERROR;
    }
    if (fault === 'server-error-after-work') return send(response, SERVER_ERROR);
    if (fault === 'timeout-after-work') return hold(response);
    send(response, reply);
  });

  const controls: PaystackStandInControls = {
    failNext: (method, pathPrefix, kind) => {
      faults.push({ method: method.toUpperCase(), pathPrefix, kind });
    },
    setDown: (value) => {
      down = value;
    },
    settleTransfers: () => transfers.settleAll(),
    processRefunds: (outcome = 'processed') => transactions.processAll(outcome),
    disputes: disputes.controls,
    completeCheckout: (reference, outcome) => {
      const transaction = state.transactions.get(reference);
      if (!transaction) throw new Error(`No transaction with reference ${reference}`);
      return transactions.complete(transaction, outcome);
    },
    resendWebhook: (index) => webhooks.resend(index),
    webhooksIdle: () => webhooks.idle(),
    setWebhookUrl: (value) => {
      webhookUrl = value;
    },
    webhooks: webhooks.deliveries,
    requests,
    get transfers() {
      return transfers.list();
    },
    get transactions() {
      return transactions.list();
    },
  };

  return {
    url,
    controls,
    close: async () => {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const response of held) response.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
