import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NIGERIAN_BANKS, SANDBOX_NAIRA_ACCOUNTS } from '@bizdash/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxAccountName } from '../../../src/providers/bank-directory/sandbox-bank-directory.ts';
import { STAND_IN_ONLY_BANKS } from '../../support/paystack-stand-in/banks.ts';
import {
  type PaystackStandIn,
  startPaystackStandIn,
} from '../../support/paystack-stand-in/paystack-stand-in.ts';

const SECRET_KEY = 'sk_test_5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f';
const GTB = '058';
const [SETTLES, , CLOSED, NOT_FOUND] = SANDBOX_NAIRA_ACCOUNTS.map((account) => account.accountNumber);

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver: answers each request with the next status of `statuses` (200 once they run out). */
async function startReceiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
  return { url, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

const signatureOf = (body: string) => createHmac('sha512', SECRET_KEY).update(body).digest('hex');

function api(standIn: PaystackStandIn) {
  const call = async (method: string, path: string, body?: unknown, key = SECRET_KEY) => {
    const response = await fetch(`${standIn.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    // biome-ignore lint/suspicious/noExplicitAny: Paystack's answers are read field by field below.
    return { status: response.status, json: (await response.json()) as any };
  };
  return {
    get: (path: string, key?: string) => call('GET', path, undefined, key),
    post: (path: string, body: unknown) => call('POST', path, body),
  };
}

describe('the Paystack stand-in: banks, name enquiry, recipients and transfers (issue 24 §4)', () => {
  let standIn: PaystackStandIn;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let paystack: ReturnType<typeof api>;

  beforeAll(async () => {
    receiver = await startReceiver();
    standIn = await startPaystackStandIn({
      secretKey: SECRET_KEY,
      webhookUrl: receiver.url,
      transferSettleMs: null,
    });
    paystack = api(standIn);
  });
  afterAll(async () => {
    await standIn?.close();
    await receiver?.close();
  });

  const recipientFor = async (accountNumber: string) =>
    (
      await paystack.post('/transferrecipient', {
        type: 'nuban',
        name: 'Ada',
        account_number: accountNumber,
        bank_code: GTB,
      })
    ).json.data.recipient_code as string;
  const transfer = (recipient: string, reference: string, amount: unknown = 50_000) =>
    paystack.post('/transfer', {
      source: 'balance',
      amount,
      recipient,
      reference,
      reason: 'Payout',
      currency: 'NGN',
    });

  it('refuses a request without the secret key, 401 "Invalid key", and records every request', async () => {
    expect(await paystack.get('/bank', 'sk_test_wrong')).toEqual({
      status: 401,
      json: { status: false, message: 'Invalid key' },
    });
    expect((await fetch(`${standIn.url}/bank`)).status).toBe(401);
    expect(standIn.controls.requests.at(-1)).toMatchObject({ method: 'GET', path: '/bank', body: {} });
  });

  it("lists Nigeria's banks with the product's CBN codes (then its own micro-finance bank), by page or by cursor", async () => {
    const { status, json } = await paystack.get('/bank?country=nigeria&currency=NGN');
    expect(status).toBe(200);
    expect(json).toMatchObject({
      status: true,
      message: 'Banks retrieved',
      meta: { total: NIGERIAN_BANKS.length + STAND_IN_ONLY_BANKS.length },
    });
    expect(json.data.map((bank: { code: string }) => bank.code)).toEqual(
      [...NIGERIAN_BANKS, ...STAND_IN_ONLY_BANKS].map((bank) => bank.bankCode),
    );
    expect(json.data.find((bank: { code: string }) => bank.code === GTB)).toMatchObject({
      name: 'Guaranty Trust Bank',
      slug: 'guaranty-trust-bank',
      country: 'Nigeria',
      currency: 'NGN',
      type: 'nuban',
      active: true,
      is_deleted: false,
    });
    const first = (await paystack.get('/bank?country=nigeria&use_cursor=true&perPage=10')).json;
    expect(first.data).toHaveLength(10);
    const second = (
      await paystack.get(`/bank?country=nigeria&use_cursor=true&perPage=10&next=${first.meta.next}`)
    ).json;
    expect(second.data[0].code).toBe(NIGERIAN_BANKS[10]?.bankCode);
    expect(second.meta.previous).toBeTruthy();
    expect((await paystack.get('/bank?country=ghana')).json.data).toEqual([]);
  });

  it("resolves an account to the app's sandbox name in capitals, and refuses unknown ones with 422", async () => {
    const { json } = await paystack.get(`/bank/resolve?account_number=${SETTLES}&bank_code=${GTB}`);
    expect(json.data).toEqual({
      account_number: SETTLES,
      account_name: sandboxAccountName(SETTLES ?? '').toUpperCase(),
      bank_id: expect.any(Number),
    });
    const unresolved = {
      status: false,
      message: 'Could not resolve account name. Check parameters or try again.',
    };
    expect(await paystack.get(`/bank/resolve?account_number=${NOT_FOUND}&bank_code=${GTB}`)).toEqual({
      status: 422,
      json: unresolved,
    });
    expect(await paystack.get(`/bank/resolve?account_number=${SETTLES}&bank_code=999`)).toEqual({
      status: 422,
      json: unresolved,
    });
    expect(await paystack.get(`/bank/resolve?bank_code=${GTB}`)).toEqual({
      status: 400,
      json: { status: false, message: 'account_number is required' },
    });
  });

  it('creates a nuban recipient once per account (Paystack gives back the one it has)', async () => {
    const created = await paystack.post('/transferrecipient', {
      type: 'nuban',
      name: 'Ada',
      account_number: SETTLES,
      bank_code: GTB,
      currency: 'NGN',
    });
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({
      active: true,
      currency: 'NGN',
      domain: 'test',
      type: 'nuban',
      is_deleted: false,
      recipient_code: expect.stringMatching(/^RCP_[a-z0-9]+$/),
      details: {
        authorization_code: null,
        account_number: SETTLES,
        bank_code: GTB,
        bank_name: 'Guaranty Trust Bank',
      },
    });
    expect(await recipientFor(SETTLES ?? '')).toBe(created.json.data.recipient_code);
    const unknown = await paystack.post('/transferrecipient', {
      type: 'nuban',
      name: 'X',
      account_number: NOT_FOUND,
      bank_code: GTB,
    });
    expect(unknown.status).toBe(422);
    expect(
      (await paystack.post('/transferrecipient', { type: 'nuban', account_number: SETTLES })).json.message,
    ).toBe('name is required');
  });

  it('queues a transfer; the same reference again moves nothing: 400 "Duplicate Transfer Reference"', async () => {
    const recipient = await recipientFor(SETTLES ?? '');
    const reference = 'bzd_payout_duplicate_0001';
    const first = await transfer(recipient, reference);
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({
      amount: 50_000,
      currency: 'NGN',
      source: 'balance',
      reason: 'Payout',
      status: 'pending',
      reference,
      domain: 'test',
      transfer_code: expect.stringMatching(/^TRF_/),
    });
    expect(await transfer(recipient, reference, 99_000)).toEqual({
      status: 400,
      json: { status: false, message: 'Duplicate Transfer Reference' },
    });
    expect(standIn.controls.transfers.filter((one) => one.reference === reference)).toHaveLength(1);
    expect((await transfer(recipient, 'Short-Ref')).status).toBe(400);
    expect((await transfer('RCP_unknown', 'bzd_payout_unknown_recipient')).json.message).toBe(
      'Recipient specified is invalid',
    );
    expect((await transfer(recipient, 'bzd_payout_bad_amount_01', 10.5)).status).toBe(400);
    expect(await paystack.get('/transfer/verify/no_such_reference_00')).toEqual({
      status: 404,
      json: { status: false, message: 'Transfer not found' },
    });
  });

  it('settles by account number (999 failed, 777 success then reversed), each change a signed webhook', async () => {
    const cases = [
      [SETTLES, 'bzd_payout_fate_settles_01'],
      [CLOSED, 'bzd_payout_fate_closed_001'],
      ['7770000005', 'bzd_payout_fate_reversed_1'],
    ] as const;
    for (const [account, reference] of cases) await transfer(await recipientFor(account ?? ''), reference);
    standIn.controls.settleTransfers();
    await standIn.controls.webhooksIdle();
    const statusOf = async (reference: string) =>
      (await paystack.get(`/transfer/verify/${reference}`)).json.data;
    expect(await statusOf(cases[0][1])).toMatchObject({
      status: 'success',
      recipient: { details: { account_number: SETTLES } },
    });
    expect(await statusOf(cases[1][1])).toMatchObject({
      status: 'failed',
      gateway_response: 'Account closed',
    });
    expect(await statusOf(cases[2][1])).toMatchObject({ status: 'reversed' });
    const events = receiver.received.map(
      (hook) => JSON.parse(hook.body) as { event: string; data: { reference: string } },
    );
    expect(
      events
        .filter((hook) => hook.data.reference.startsWith('bzd_payout_fate'))
        .map((hook) => `${hook.event} ${hook.data.reference}`),
    ).toEqual([
      `transfer.success ${cases[0][1]}`,
      `transfer.failed ${cases[1][1]}`,
      `transfer.success ${cases[2][1]}`,
      `transfer.reversed ${cases[2][1]}`,
    ]);
    for (const hook of receiver.received) {
      expect(hook.headers['content-type']).toBe('application/json');
      expect(hook.headers['x-paystack-signature']).toBe(signatureOf(hook.body));
    }
  });

  it('fails on demand: 500 without the work, 500 after it, a held request, 503 while down', async () => {
    const { controls } = standIn;
    const recipient = await recipientFor(SETTLES ?? '');
    controls.failNext('POST', '/transfer', 'server-error');
    expect(await transfer(recipient, 'bzd_payout_fault_no_work_1')).toEqual({
      status: 500,
      json: { status: false, message: 'An error occurred' },
    });
    expect(controls.transfers.some((one) => one.reference === 'bzd_payout_fault_no_work_1')).toBe(false);
    // '/transfer' names whole segments: a recipient call does not use up the fault meant for the transfer.
    controls.failNext('POST', '/transfer', 'server-error-after-work');
    expect(await recipientFor(SETTLES ?? '')).toBe(recipient);
    expect((await transfer(recipient, 'bzd_payout_fault_after_work')).status).toBe(500);
    expect(controls.transfers.filter((one) => one.reference === 'bzd_payout_fault_after_work')).toHaveLength(
      1,
    );
    expect((await transfer(recipient, 'bzd_payout_fault_after_work')).json.message).toBe(
      'Duplicate Transfer Reference',
    );
    controls.failNext('GET', '/transfer/verify', 'timeout');
    await expect(
      fetch(`${standIn.url}/transfer/verify/bzd_payout_fault_after_work`, {
        headers: { authorization: `Bearer ${SECRET_KEY}` },
        signal: AbortSignal.timeout(300),
      }),
    ).rejects.toThrow();
    controls.setDown(true);
    expect((await paystack.get('/bank')).status).toBe(503);
    controls.setDown(false);
    expect((await paystack.get('/bank')).status).toBe(200);
  });
});

describe('the Paystack stand-in: transactions, the checkout page, refunds and webhook retries (issue 24 §4)', () => {
  let standIn: PaystackStandIn;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let paystack: ReturnType<typeof api>;

  beforeAll(async () => {
    receiver = await startReceiver();
    standIn = await startPaystackStandIn({
      secretKey: SECRET_KEY,
      webhookUrl: receiver.url,
      refundProcessMs: 20,
      transferSettleMs: 20,
      webhookRetryMs: 20,
      webhookMaxAttempts: 3,
    });
    paystack = api(standIn);
  });
  afterAll(async () => {
    await standIn?.close();
    await receiver?.close();
  });

  const initialize = (reference: string, callback_url?: string) =>
    paystack.post('/transaction/initialize', {
      email: 'ada@example.com',
      amount: '500000',
      reference,
      callback_url,
    });
  const events = () =>
    receiver.received.map(
      (hook) => JSON.parse(hook.body) as { event: string; data: Record<string, unknown> },
    );

  it('initializes a transaction with its checkout page; verify says ongoing until the customer chooses', async () => {
    const { json } = await initialize('order-1001', 'http://shop.test/paid?order=1001');
    expect(json.data).toEqual({
      authorization_url: `${standIn.url}/checkout/${json.data.access_code}`,
      access_code: expect.any(String),
      reference: 'order-1001',
    });
    expect((await initialize('order-1001')).json).toEqual({
      status: false,
      message: 'Duplicate Transaction Reference',
    });
    expect((await paystack.post('/transaction/initialize', { amount: 100 })).json.message).toBe(
      'email is required',
    );
    expect((await paystack.get('/transaction/verify/order-1001')).json.data).toMatchObject({
      status: 'ongoing',
      amount: 500_000,
      currency: 'NGN',
      customer: { email: 'ada@example.com' },
    });
    expect(await paystack.get('/transaction/verify/nope')).toEqual({
      status: 400,
      json: { status: false, message: 'Transaction reference not found' },
    });

    const page = await fetch(json.data.authorization_url);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('width=device-width');
    for (const text of [
      '₦5,000.00',
      'ada@example.com',
      'NGN',
      'Decline',
      'Cancel payment',
      'value="success"',
    ])
      expect(html).toContain(text);
  });

  it('the Pay button records the payment, sends charge.success and goes back to the callback URL', async () => {
    const { json } = await initialize('order-1002', 'http://shop.test/paid?order=1002');
    const choice = await fetch(json.data.authorization_url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=success',
    });
    expect(choice.status).toBe(303);
    expect(choice.headers.get('location')).toBe(
      'http://shop.test/paid?order=1002&trxref=order-1002&reference=order-1002',
    );
    const verified = (await paystack.get('/transaction/verify/order-1002')).json.data;
    expect(verified).toMatchObject({
      status: 'success',
      gateway_response: 'Successful',
      channel: 'card',
      domain: 'test',
      fees: expect.any(Number),
      authorization: { last4: '4081', reusable: true },
    });
    await standIn.controls.webhooksIdle();
    expect(
      events()
        .filter((hook) => hook.event === 'charge.success')
        .map((hook) => hook.data.reference),
    ).toEqual(['order-1002']);
  });

  it('Decline and Cancel record failed and abandoned, without charge.success; no callback URL: a done page', async () => {
    await initialize('order-1003');
    await initialize('order-1004', 'http://shop.test/back');
    expect(standIn.controls.completeCheckout('order-1003', 'failed')).toBeNull();
    expect(standIn.controls.completeCheckout('order-1004', 'abandoned')).toBe(
      'http://shop.test/back?trxref=order-1004&reference=order-1004',
    );
    expect((await paystack.get('/transaction/verify/order-1003')).json.data).toMatchObject({
      status: 'failed',
      gateway_response: 'Declined',
    });
    expect((await paystack.get('/transaction/verify/order-1004')).json.data).toMatchObject({
      status: 'abandoned',
    });
    const { json } = await initialize('order-1005');
    const done = await fetch(json.data.authorization_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=success',
    });
    expect(await done.text()).toContain('Payment successful.');
    await standIn.controls.webhooksIdle();
    expect(
      events()
        .filter((hook) => hook.event === 'charge.success')
        .map((hook) => hook.data.reference),
    ).toEqual(['order-1002', 'order-1005']);
  });

  it('refunds a successful transaction up to what is left: pending, then processed with refund.processed', async () => {
    expect((await paystack.post('/refund', { transaction: 'order-1003' })).status).toBe(400);
    const refund = await paystack.post('/refund', { transaction: 'order-1002', amount: 200_000 });
    expect(refund.json).toMatchObject({
      status: true,
      data: { amount: 200_000, currency: 'NGN', status: 'pending', transaction: { reference: 'order-1002' } },
    });
    expect((await paystack.post('/refund', { transaction: 'order-1002', amount: 300_001 })).status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await paystack.get(`/refund/${refund.json.data.id}`)).json.data).toMatchObject({
      status: 'processed',
      amount: 200_000,
      transaction_reference: 'order-1002',
    });
    await standIn.controls.webhooksIdle();
    expect(events().find((hook) => hook.event === 'refund.processed')?.data).toMatchObject({
      status: 'processed',
      transaction_reference: 'order-1002',
      refund_reference: expect.any(String),
      amount: 200_000,
    });
  });

  it('keeps the notes a refund was made with and lists a transaction’s refunds by its id, newest first, a page at a time', async () => {
    expect((await paystack.post('/refund', { amount: 100 })).json).toEqual({
      status: false,
      message: 'transaction is required',
    });
    const transactionId = (await paystack.get('/transaction/verify/order-1005')).json.data.id;
    const first = await paystack.post('/refund', {
      transaction: 'order-1005',
      amount: 100_000,
      merchant_note: 'Bizdash refund first',
      customer_note: 'Sorry for the wait',
    });
    expect(first.json.data).toMatchObject({
      merchant_note: 'Bizdash refund first',
      customer_note: 'Sorry for the wait',
    });
    const second = await paystack.post('/refund', { transaction: String(transactionId), amount: 50_000 });
    expect(second.json.data).toMatchObject({
      merchant_note: 'Refund for transaction order-1005 by ada@example.com',
      customer_note: 'Refund for transaction order-1005',
    });

    const firstPage = await paystack.get(`/refund?transaction=${transactionId}&perPage=1`);
    expect(firstPage.json.meta).toEqual({ total: 2, skipped: 0, perPage: 1, page: 1, pageCount: 2 });
    expect(firstPage.json.data.map((refund: { id: number }) => refund.id)).toEqual([second.json.data.id]);
    const secondPage = await paystack.get(`/refund?transaction=${transactionId}&perPage=1&page=2`);
    expect(secondPage.json.data).toEqual([
      expect.objectContaining({
        id: first.json.data.id,
        transaction: transactionId,
        merchant_note: 'Bizdash refund first',
      }),
    ]);
    expect((await paystack.get('/refund?transaction=1')).json).toMatchObject({
      data: [],
      meta: { total: 0 },
    });
    // Both are processed 20 ms later: their webhooks are out of the way of the next test's.
    await new Promise((resolve) => setTimeout(resolve, 60));
    await standIn.controls.webhooksIdle();
  });

  it('retries a webhook the receiver refuses, records every attempt, and replays one byte for byte', async () => {
    const flaky = await startReceiver([500, 503]);
    standIn.controls.setWebhookUrl(flaky.url);
    const before = standIn.controls.webhooks.length;
    await initialize('order-1006');
    standIn.controls.completeCheckout('order-1006', 'success');
    await standIn.controls.webhooksIdle();
    expect(
      standIn.controls.webhooks.slice(before).map((hook) => [hook.event, hook.attempt, hook.status]),
    ).toEqual([
      ['charge.success', 1, 500],
      ['charge.success', 2, 503],
      ['charge.success', 3, 200],
    ]);
    const replay = await standIn.controls.resendWebhook(before);
    expect(replay).toMatchObject({ status: 200, replayOf: before });
    expect(flaky.received.at(-1)).toMatchObject({
      body: flaky.received[0]?.body,
      headers: { 'x-paystack-signature': flaky.received[0]?.headers['x-paystack-signature'] },
    });
    await flaky.close();
    // Nobody listening: tried webhookMaxAttempts times, then given up.
    await initialize('order-1007');
    standIn.controls.completeCheckout('order-1007', 'success');
    await standIn.controls.webhooksIdle();
    expect(standIn.controls.webhooks.slice(-3).map((hook) => [hook.attempt, hook.status])).toEqual([
      [1, null],
      [2, null],
      [3, null],
    ]);
  });

  it('settles a transfer on its own after transferSettleMs', async () => {
    standIn.controls.setWebhookUrl(receiver.url);
    const recipient = (
      await paystack.post('/transferrecipient', {
        type: 'nuban',
        name: 'Ada',
        account_number: SETTLES,
        bank_code: GTB,
      })
    ).json.data.recipient_code;
    await paystack.post('/transfer', {
      source: 'balance',
      amount: 10_000,
      recipient,
      reference: 'bzd_payout_timer_000001',
    });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await paystack.get('/transfer/verify/bzd_payout_timer_000001')).json.data.status).toBe('success');
  });
});
