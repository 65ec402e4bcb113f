import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FILE_LINK_EXPIRED,
  FILE_LINK_INVALID,
  mintFileLink,
} from '../../../src/features/files/file-links.ts';
import { bearer, buildTestApp, type Merchant, signUpMerchant, type TestContext } from '../../helper.ts';
import { multipartBody, PDF } from './multipart-body.ts';

describe('signed, short-lived links to private documents', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  let other: Merchant;
  let document: { id: string; originalFileName: string };
  let fileId: string;

  const linkOf = (who: Merchant, userId = who.userId, documentId = document.id) =>
    ctx.app.inject({ url: `/api/document/${userId}/${documentId}/link`, headers: bearer(who.token) });
  const pathOf = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  };

  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app);
    other = await signUpMerchant(ctx.app);
    const { payload, headers } = multipartBody([
      { name: 'document_name', value: 'articles_of_incorporation' },
      { name: 'files', filename: 'articles.pdf', contentType: 'application/pdf', bytes: PDF },
    ]);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/document/${merchant.userId}/upload`,
      payload,
      headers: { ...headers, ...bearer(merchant.token) },
    });
    expect(uploaded.statusCode).toBe(200);
    document = uploaded.json().documents[0];
    const linked = await linkOf(merchant);
    fileId = new URL(linked.json().url).pathname.split('/')[3] ?? '';
  });
  afterAll(() => ctx.close());

  it('gives the owner a link that downloads the document without a token, for 5 minutes', async () => {
    const before = Date.now();
    const response = await linkOf(merchant);
    expect(response.statusCode).toBe(200);
    const { url, expiresAt } = response.json();
    const lifetime = Date.parse(expiresAt) - before;
    expect(lifetime).toBeGreaterThan(290_000);
    expect(lifetime).toBeLessThanOrEqual(300_000);
    const file = await ctx.app.inject({ url: pathOf(url) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="articles.pdf"/);
  });

  it('refuses an expired link (403, a clear JSON error, never the file)', async () => {
    const expired = mintFileLink(ctx.app.deps.keys, fileId, Date.now() - 301_000);
    const response = await ctx.app.inject({ url: expired.path });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'FILE_LINK_EXPIRED', error: FILE_LINK_EXPIRED });
  });

  it('refuses a tampered signature, a moved expiry or another file id (403)', async () => {
    const url = new URL((await linkOf(merchant)).json().url);
    const signature = url.searchParams.get('signature') ?? '';
    const expires = url.searchParams.get('expires') ?? '';
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const tampered = [
      `/api/files/${fileId}/signed?expires=${expires}&signature=${flipped}`,
      `/api/files/${fileId}/signed?expires=${Number(expires) + 3600}&signature=${signature}`,
      `/api/files/${fileId}/signed?expires=${expires}&signature=`,
      `/api/files/${fileId}/signed?expires=1e20&signature=${signature}`,
      `/api/files/${crypto.randomUUID()}/signed?expires=${expires}&signature=${signature}`,
    ];
    for (const path of tampered) {
      const response = await ctx.app.inject({ url: path });
      expect(response.statusCode, path).toBe(403);
      expect(response.json(), path).toEqual({ code: 'FILE_LINK_INVALID', error: FILE_LINK_INVALID });
    }
    const missing = await ctx.app.inject({ url: `/api/files/${fileId}/signed` });
    expect(missing.statusCode).toBe(400);
  });

  it("another merchant cannot mint a link for someone else's document (404)", async () => {
    expect((await linkOf(other, merchant.userId)).statusCode).toBe(404);
    expect((await linkOf(other, other.userId)).statusCode).toBe(404);
    expect((await linkOf(merchant, merchant.userId, crypto.randomUUID())).statusCode).toBe(404);
  });

  it('the public image route still never serves a document', async () => {
    expect((await ctx.app.inject({ url: `/api/files/${fileId}` })).statusCode).toBe(404);
  });
});
