import { describe, expect, it } from 'vitest';
import { bearer, type Merchant, signUpMerchant, useTestApp } from '../../helper.ts';
import { multipartBody, PDF } from '../files/multipart-body.ts';
import {
  disputeTestConfig,
  getDispute,
  openedDispute,
  postAccept,
  postEvidence,
} from './dispute-fixtures.ts';

describe('evidence files, through the upload pipeline', () => {
  const ctx = useTestApp(disputeTestConfig());

  const upload = (merchant: Merchant, disputeId: string, bytes = PDF, filename = 'delivery-proof.pdf') => {
    const { payload, headers } = multipartBody([
      { name: 'file', filename, contentType: 'application/pdf', bytes },
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/disputes/${disputeId}/files`,
      payload,
      headers: { ...headers, ...bearer(merchant.token) },
    });
  };

  it('uploads a pdf, attaches it to the evidence by id, and downloads it back', async () => {
    const { paid, dispute } = await openedDispute(ctx.app);
    const uploaded = await upload(paid.merchant, dispute.id);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = uploaded.json();
    expect(file).toMatchObject({
      name: 'delivery-proof.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
    });

    const saved = await postEvidence(ctx.app, paid.merchant, dispute.id, {
      explanation: 'Signed for on delivery',
      fileIds: [file.id],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const detail = await getDispute(ctx.app, paid.merchant, dispute.id);
    expect(detail.evidence?.files).toEqual([file]);

    const download = await ctx.app.inject({
      method: 'GET',
      url: file.url,
      headers: bearer(paid.merchant.token),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-disposition']).toContain('delivery-proof.pdf');
  });

  it("refuses a file that is not png, jpeg or pdf, an empty one, and another merchant's dispute or file", async () => {
    const { paid, dispute } = await openedDispute(ctx.app);
    const notPdf = await upload(
      paid.merchant,
      dispute.id,
      Buffer.from('MZ\x90\x00 definitely not a pdf'),
      'x.pdf',
    );
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().error).toBe('File type must be png, jpg, jpeg or pdf');
    expect((await upload(paid.merchant, dispute.id, Buffer.alloc(0))).statusCode).toBe(400);

    const stranger = await signUpMerchant(ctx.app);
    expect((await upload(stranger, dispute.id)).statusCode).toBe(404);
    const mine = (await upload(paid.merchant, dispute.id)).json();
    const peek = await ctx.app.inject({ method: 'GET', url: mine.url, headers: bearer(stranger.token) });
    expect(peek.statusCode).toBe(404);
    // The stranger's own dispute cannot name it either.
    const theirs = await openedDispute(ctx.app, { merchant: stranger });
    const borrowed = await postEvidence(ctx.app, stranger, theirs.dispute.id, {
      explanation: 'x',
      fileIds: [mine.id],
    });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().code).toBe('UNKNOWN_FILE');
  });

  it('takes no more files once the dispute is answered (409)', async () => {
    const { paid, dispute } = await openedDispute(ctx.app);
    expect((await postAccept(ctx.app, paid.merchant, dispute.id)).statusCode).toBe(200);
    const late = await upload(paid.merchant, dispute.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('DISPUTE_NOT_OPEN');
  });
});
