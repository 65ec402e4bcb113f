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

describe('profile photo and checkout logo uploads', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  let png: Buffer;

  const fileCount = () => countRows(ctx.app, sql`select count(*) as n from files`);
  const post = (url: string, parts: Part[]) => {
    const { payload, headers } = multipartBody(parts);
    return ctx.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, ...bearer(merchant.token) },
    });
  };

  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app);
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
