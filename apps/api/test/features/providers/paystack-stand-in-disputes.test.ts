import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PaystackStandIn,
  startPaystackStandIn,
} from '../../support/paystack-stand-in/paystack-stand-in.ts';

const SECRET_KEY = 'sk_test_0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('the Paystack stand-in: disputes, evidence, uploads and resolutions (issue 24 §2)', () => {
  let standIn: PaystackStandIn;
  const disputes = () => standIn.controls.disputes;

  beforeAll(async () => {
    // No webhook URL: each notice is recorded with its signature, which is what these tests read.
    standIn = await startPaystackStandIn({ secretKey: SECRET_KEY });
  });
  afterAll(async () => {
    await standIn?.close();
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${standIn.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${SECRET_KEY}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    // biome-ignore lint/suspicious/noExplicitAny: Paystack's answers are read field by field below.
    return { status: response.status, json: (await response.json()) as any };
  };

  /** A transaction the customer paid on the checkout page: answers its reference and id. */
  async function paidTransaction(reference: string, amount = 750_000) {
    await call('POST', '/transaction/initialize', { email: 'ada@example.com', amount, reference });
    standIn.controls.completeCheckout(reference, 'success');
    const { json } = await call('GET', `/transaction/verify/${reference}`);
    return { reference, id: json.data.id as number };
  }

  /** The notices sent for a dispute, as `event status resolution`, each signed over its exact bytes. */
  async function noticesOf(disputeId: number) {
    await standIn.controls.webhooksIdle();
    return standIn.controls.webhooks
      .filter((hook) => JSON.parse(hook.body).data.id === disputeId)
      .map((hook) => {
        expect(hook.signature).toBe(createHmac('sha512', SECRET_KEY).update(hook.body).digest('hex'));
        const { event, data } = JSON.parse(hook.body);
        return `${event} ${data.status} ${data.resolution}`;
      });
  }

  const evidenceBody = {
    customer_email: 'ada@example.com',
    customer_name: 'Ada Obi',
    customer_phone: '08012345678',
    service_details: 'Delivered and signed for',
  };

  /** Evidence, one uploaded file, and the merchant's `declined`: the dispute goes to the bank. */
  async function contest(disputeId: number) {
    const evidence = await call('POST', `/dispute/${disputeId}/evidence`, evidenceBody);
    const { json: upload } = await call('GET', `/dispute/${disputeId}/upload_url?upload_filename=proof.pdf`);
    await fetch(upload.data.signedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: PDF,
    });
    const resolve = {
      resolution: 'declined',
      message: 'Delivered and signed for',
      refund_amount: 0,
      uploaded_filename: upload.data.fileName,
      evidence: evidence.json.data.id,
    };
    return { resolve, answer: await call('PUT', `/dispute/${disputeId}/resolve`, resolve) };
  }

  it('opens a dispute on a paid transaction with charge.dispute.create; lists and fetches it', async () => {
    const paid = await paidTransaction('dispute-order-1');
    const id = disputes().open(paid.reference, { category: 'fraud', dueInHours: 24 });
    expect(await noticesOf(id)).toEqual(['charge.dispute.create awaiting-merchant-feedback null']);

    const fetched = (await call('GET', `/dispute/${id}`)).json.data;
    expect(fetched).toMatchObject({
      id,
      refund_amount: 750_000,
      currency: 'NGN',
      status: 'awaiting-merchant-feedback',
      resolution: null,
      category: 'fraud',
      transaction: { id: paid.id, reference: paid.reference, amount: 750_000, currency: 'NGN' },
      customer: { email: 'ada@example.com' },
      resolvedAt: null,
      evidence: null,
    });
    const due = new Date(fetched.dueAt).getTime() - Date.now();
    expect(due).toBeGreaterThan(23 * 3_600_000);
    expect(due).toBeLessThanOrEqual(24 * 3_600_000);

    const partial = disputes().open(paid.reference, { amount: 200_000 });
    expect((await call('GET', `/dispute/${partial}`)).json.data).toMatchObject({
      refund_amount: 200_000,
      category: 'chargeback',
    });

    const listed = await call('GET', `/dispute?transaction=${paid.id}&perPage=1&page=2`);
    expect(listed.json.data.map((item: { id: number }) => item.id)).toEqual([id]);
    expect(listed.json.meta).toMatchObject({ total: 2, page: 2, pageCount: 2, perPage: 1 });
    const today = new Date().toISOString().slice(0, 10);
    expect((await call('GET', `/dispute?to=${today}`)).json.data).toEqual([]);
    expect((await call('GET', '/dispute?status=resolved')).json.data).toEqual([]);
    expect(await call('GET', '/dispute/99')).toEqual({
      status: 404,
      json: { status: false, message: 'Dispute not found' },
    });
  });

  it('opens none on a transaction that was not paid, and reminds with charge.dispute.remind', async () => {
    await call('POST', '/transaction/initialize', {
      email: 'ada@example.com',
      amount: 1000,
      reference: 'unpaid-1',
    });
    expect(() => disputes().open('unpaid-1')).toThrow(/No successful transaction/);
    const id = disputes().open((await paidTransaction('dispute-order-2')).reference);
    disputes().remind(id);
    expect(await noticesOf(id)).toEqual([
      'charge.dispute.create awaiting-merchant-feedback null',
      'charge.dispute.remind awaiting-merchant-feedback null',
    ]);
  });

  it("refuses evidence and resolutions missing what Paystack requires, in Paystack's envelope", async () => {
    const id = disputes().open((await paidTransaction('dispute-order-3')).reference);
    const full = {
      customer_email: 'ada@example.com',
      customer_name: 'Ada Obi',
      customer_phone: '08012345678',
      service_details: 'Delivered',
    };
    for (const field of Object.keys(full)) {
      const { [field as keyof typeof full]: _left, ...body } = full;
      expect(await call('POST', `/dispute/${id}/evidence`, body)).toEqual({
        status: 400,
        json: { status: false, message: `${field} is required` },
      });
    }
    expect(
      (await call('POST', `/dispute/${id}/evidence`, { ...full, delivery_date: 'last week' })).json.message,
    ).toMatch(/delivery_date/);
    expect((await call('GET', `/dispute/${id}/upload_url`)).json).toEqual({
      status: false,
      message: 'upload_filename is required',
    });
    const resolve = (body: Record<string, unknown>) => call('PUT', `/dispute/${id}/resolve`, body);
    const declined = { resolution: 'declined', message: 'No', refund_amount: 0, uploaded_filename: 'x.pdf' };
    expect((await resolve({ ...declined, uploaded_filename: undefined })).json.message).toBe(
      'uploaded_filename is required',
    );
    expect((await resolve({ ...declined, resolution: 'maybe' })).json.message).toBe('Invalid resolution');
    expect((await resolve(declined)).json.message).toBe('evidence is required');
    const evidence = (await call('POST', `/dispute/${id}/evidence`, full)).json.data;
    expect(evidence).toMatchObject({ id: expect.any(Number), dispute: id, customer_phone: '08012345678' });
    expect((await resolve({ ...declined, evidence: evidence.id })).json.message).toBe(
      'Uploaded file not found',
    );
    expect((await call('GET', `/dispute/${id}`)).json.data.status).toBe('awaiting-merchant-feedback');
  });

  it('takes the bytes PUT to the signed upload address, without the secret key', async () => {
    const id = disputes().open((await paidTransaction('dispute-order-4')).reference);
    const { json } = await call('GET', `/dispute/${id}/upload_url?upload_filename=delivery-proof.pdf`);
    expect(json.data).toEqual({
      signedUrl: expect.stringMatching(new RegExp(`^${standIn.url}/dispute-uploads/`)),
      fileName: expect.stringMatching(/^[a-z0-9]+\.pdf$/),
    });
    const put = await fetch(json.data.signedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: PDF,
    });
    expect(put.status).toBe(200);
    const [upload] = disputes().find(id).uploads;
    expect(upload).toMatchObject({ fileName: json.data.fileName, requestedName: 'delivery-proof.pdf' });
    expect(upload?.bytes?.equals(PDF)).toBe(true);
    const forged = await fetch(`${standIn.url}/dispute-uploads/notasignedaddress`, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: PDF,
    });
    expect(forged.status).toBe(403);
  });

  it('a declined dispute waits for the bank, which decides it: won (declined) or lost (merchant-accepted)', async () => {
    const won = disputes().open((await paidTransaction('dispute-order-5')).reference);
    const { resolve, answer } = await contest(won);
    expect(answer.status).toBe(200);
    expect(answer.json.data).toMatchObject({ status: 'awaiting-bank-feedback', resolution: null });
    expect(disputes().find(won).answer).toMatchObject({ resolution: 'declined', refundAmount: 0 });
    // Answered once: a second answer, or more evidence, is refused.
    const already = { status: 400, json: { status: false, message: 'Dispute has already been resolved' } };
    expect(await call('PUT', `/dispute/${won}/resolve`, resolve)).toEqual(already);
    expect(await call('POST', `/dispute/${won}/evidence`, evidenceBody)).toEqual(already);
    disputes().decide(won, 'win');
    expect(await noticesOf(won)).toEqual([
      'charge.dispute.create awaiting-merchant-feedback null',
      'charge.dispute.resolve resolved declined',
    ]);
    expect((await call('GET', `/dispute/${won}`)).json.data.resolvedAt).not.toBeNull();

    const lost = disputes().open((await paidTransaction('dispute-order-6')).reference);
    expect(() => disputes().decide(lost, 'lose')).toThrow(/not with the bank/);
    await contest(lost);
    disputes().decide(lost, 'lose');
    expect((await noticesOf(lost)).at(-1)).toBe('charge.dispute.resolve resolved merchant-accepted');
  });

  it('merchant-accepted resolves at once with charge.dispute.resolve (no evidence needed)', async () => {
    const id = disputes().open((await paidTransaction('dispute-order-7')).reference);
    const { json } = await call('GET', `/dispute/${id}/upload_url?upload_filename=note.txt`);
    await fetch(json.data.signedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: 'ok',
    });
    const accepted = await call('PUT', `/dispute/${id}/resolve`, {
      resolution: 'merchant-accepted',
      message: 'Refund the customer',
      refund_amount: 750_000,
      uploaded_filename: json.data.fileName,
    });
    expect(accepted.json.data).toMatchObject({ status: 'resolved', resolution: 'merchant-accepted' });
    expect(await noticesOf(id)).toEqual([
      'charge.dispute.create awaiting-merchant-feedback null',
      'charge.dispute.resolve resolved merchant-accepted',
    ]);
    expect(
      (await call('GET', '/dispute?status=resolved')).json.data.map((item: { id: number }) => item.id),
    ).toContain(id);
  });
});
