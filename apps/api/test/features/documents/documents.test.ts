import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  countRows,
  type Merchant,
  signUpMerchant,
  type TestContext,
} from '../../helper.ts';
import { multipartBody, type Part, PDF } from '../files/multipart-body.ts';

describe('business documents', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  let other: Merchant;
  let png: Buffer;

  const fileCount = () => countRows(ctx.app, sql`select count(*) as n from files`);
  const docEvents = (type: string) =>
    countRows(
      ctx.app,
      sql`select count(*) as n from outbox_events where user_id = ${merchant.userId} and event_type = ${type}`,
    );
  const post = (url: string, parts: Part[], who = merchant) => {
    const { payload, headers } = multipartBody(parts);
    return ctx.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(who.token) } });
  };
  const doc = (filename: string, bytes: Buffer, contentType = 'application/pdf'): Part => ({
    name: 'files',
    filename,
    contentType,
    bytes,
  });
  const name = (value: string): Part => ({ name: 'document_name', value });

  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app);
    other = await signUpMerchant(ctx.app);
    png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
  });
  afterAll(() => ctx.close());

  it("answers 404 for another merchant's user id and changes nothing", async () => {
    const before = await fileCount();
    for (const url of [
      `/api/document/${other.userId}/upload-profile-picture`,
      `/api/document/${other.userId}/upload`,
    ]) {
      const response = await post(url, [
        { name: 'file', filename: 'a.png', contentType: 'image/png', bytes: png },
      ]);
      expect(response.statusCode).toBe(404);
    }
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/document/${other.userId}`,
      headers: bearer(merchant.token),
    });
    expect(list.statusCode).toBe(404);
    expect(await fileCount()).toBe(before);
  });

  it('uploads documents, lists them with real sizes, downloads one as an attachment and deletes it', async () => {
    const uploadedBefore = await docEvents('document.uploaded');
    const response = await post(`/api/document/${merchant.userId}/upload`, [
      doc('articles.pdf', PDF),
      name('articles_of_incorporation'),
      doc('tax id.png', png, 'image/png'),
      name('business_tax_id_number'),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { documents } = response.json() as {
      documents: {
        derivedFileName: string;
        originalFileName: string;
        size: number;
        filename: string;
        documentName: string;
      }[];
    };
    expect(documents).toHaveLength(2);
    const articles = documents.find((d) => d.documentName === 'articles_of_incorporation');
    expect(articles).toMatchObject({ originalFileName: 'articles.pdf', size: PDF.length });
    expect(await docEvents('document.uploaded')).toBe(uploadedBefore + 1);

    const download = await ctx.app.inject({
      method: 'GET',
      url: new URL(articles?.filename ?? '').pathname,
      headers: bearer(merchant.token),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    const stranger = await ctx.app.inject({
      method: 'GET',
      url: new URL(articles?.filename ?? '').pathname.replace(merchant.userId, other.userId),
      headers: bearer(other.token),
    });
    expect(stranger.statusCode).toBe(404);

    const body = {
      userId: merchant.userId,
      documents: [{ derivedFileName: articles?.derivedFileName, originalFileName: 'articles.pdf' }],
    };
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/document/delete-documents',
      payload: body,
      headers: bearer(other.token),
    });
    expect(refused.statusCode).toBe(404);
    const deleted = await ctx.app.inject({
      method: 'POST',
      url: '/api/document/delete-documents',
      payload: body,
      headers: bearer(merchant.token),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((deleted.json() as { documents: unknown[] }).documents).toHaveLength(1);
    expect(await docEvents('document.deleted')).toBe(1);
  });

  it.each([
    [
      'an .exe renamed .pdf',
      [doc('setup.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)])), name('status_report')],
      'File type must be png, jpg, jpeg or pdf',
    ],
    [
      'HTML renamed .png',
      [doc('x.png', Buffer.from('<html></html>'), 'image/png'), name('status_report')],
      'File type must be png, jpg, jpeg or pdf',
    ],
    [
      '`../` in the name',
      [doc('../../etc/passwd.pdf', PDF), name('status_report')],
      'File name must not contain a path',
    ],
    ['an empty file', [doc('empty.pdf', Buffer.alloc(0)), name('status_report')], 'The file is empty'],
    ['no file', [name('status_report')], 'You must upload at least one document file'],
    [
      'an unknown document name',
      [doc('a.pdf', PDF), name('passport')],
      'Each file needs a valid document name',
    ],
    [
      '10 MB + 1 byte',
      [
        doc('big.pdf', Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1 - PDF.length)])),
        name('status_report'),
      ],
      'File should not be larger than 10MB',
    ],
    [
      '11 files',
      [...Array.from({ length: 11 }, (_, i) => doc(`f${i}.pdf`, PDF)), name('status_report')],
      'Too many files',
    ],
  ] as [string, Part[], string][])(
    'refuses %s with 400 and stores nothing',
    async (_label, parts, message) => {
      const before = await fileCount();
      const response = await post(`/api/document/${merchant.userId}/upload`, parts);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: message });
      expect(await fileCount()).toBe(before);
    },
  );
});
