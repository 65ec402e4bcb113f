import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  countRows,
  type Merchant,
  signUpMerchant,
  sqlRows,
  type TestContext,
} from '../../helper.ts';
import { multipartBody, type Part, PDF } from './multipart-body.ts';

describe('documents and images', () => {
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

  it('uploads a profile picture, sets it on the user and serves it with its type and nosniff', async () => {
    const response = await post(`/api/document/${merchant.userId}/upload-profile-picture`, [
      { name: 'type', value: 'profile' },
      { name: 'file', filename: 'me.png', contentType: 'image/png', bytes: png },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json() as { url: string };
    const [user] = await sqlRows<{ profile_picture_url: string }>(
      ctx.app,
      sql`select profile_picture_url from users where id = ${merchant.userId}`,
    );
    expect(user?.profile_picture_url).toBe(url);
    const served = await ctx.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('uploads a checkout logo without saving it on the user', async () => {
    const response = await post(`/api/document/${merchant.userId}/upload-checkout-logo`, [
      { name: 'file', filename: 'logo.png', contentType: 'image/png', bytes: png },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const [user] = await sqlRows<{ checkout_logo_url: string | null }>(
      ctx.app,
      sql`select checkout_logo_url from users where id = ${merchant.userId}`,
    );
    expect(user?.checkout_logo_url).toBeNull();
  });

  it('replacing a profile photo or an unsaved checkout logo deletes the older file, freeing its storage', async () => {
    const filesOf = (purpose: string) =>
      countRows(
        ctx.app,
        sql`select count(*) as n from files where owner_id = ${merchant.userId} and purpose = ${purpose}`,
      );
    const upload = async (route: string) => {
      const response = await post(`/api/document/${merchant.userId}/${route}`, [
        { name: 'file', filename: 'a.png', contentType: 'image/png', bytes: png },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      return new URL((response.json() as { url: string }).url).pathname;
    };
    const oldPhoto = await upload('upload-profile-picture');
    const newPhoto = await upload('upload-profile-picture');
    expect(await filesOf('profile')).toBe(1);
    expect((await ctx.app.inject({ method: 'GET', url: oldPhoto })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: newPhoto })).statusCode).toBe(200);
    await upload('upload-checkout-logo');
    await upload('upload-checkout-logo');
    expect(await filesOf('checkout_logo')).toBe(1);
  });

  it.each([
    ['HTML renamed .png', Buffer.from('<html><script>alert(1)</script></html>')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['a PDF', PDF],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s as an image with nothing stored', async (_label, bytes) => {
    const before = await fileCount();
    const response = await post(`/api/document/${merchant.userId}/upload-profile-picture`, [
      { name: 'file', filename: 'x.png', contentType: 'image/png', bytes },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Please select a valid image' });
    expect(await fileCount()).toBe(before);
  });

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

  it('describes every upload form in the OpenAPI document: multipart fields, files as binary', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >;
    };
    const form = (route: string) =>
      document.paths[route]?.post?.requestBody?.content['multipart/form-data']?.schema;
    const binary = expect.objectContaining({ type: 'string', format: 'binary' });
    for (const route of [
      '/api/document/{userId}/upload-profile-picture',
      '/api/document/{userId}/upload-checkout-logo',
      '/api/sandbox/identity/sessions/{sessionId}/selfie',
    ]) {
      expect(form(route), route).toMatchObject({
        type: 'object',
        properties: { file: binary },
        required: ['file'],
      });
    }
    expect(form('/api/document/{userId}/upload')).toMatchObject({
      type: 'object',
      properties: {
        files: { type: 'array', items: binary, maxItems: 10 },
        document_name: {
          type: 'array',
          items: { enum: expect.arrayContaining(['articles_of_incorporation']) },
        },
      },
      required: ['files', 'document_name'],
    });
  });
});
