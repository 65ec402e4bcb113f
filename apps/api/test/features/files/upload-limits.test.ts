import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../../src/config.ts';
import { uploadsUnderWay } from '../../../src/features/files/upload-gate.ts';
import {
  bearer,
  buildTestApp,
  countRows,
  type Merchant,
  signUpMerchant,
  type TestContext,
  testConfig,
} from '../../helper.ts';
import { multipartBody, PDF } from './multipart-body.ts';

const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x20);
const BOUNDARY = 'bizdash-upload-limits';

interface Answer {
  status: number;
  body: { error?: string; code?: string };
  retryAfter: string | undefined;
}

/**
 * A document upload over a real connection, its body generated as it is sent (the test holds no 10 MB buffer):
 * a PDF of `size` bytes. Sending stops after the first bytes until `resume` settles, if given.
 */
function sendDocument(port: number, who: Merchant, size: number, resume?: Promise<void>): Promise<Answer> {
  async function* body() {
    yield Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="document_name"\r\n\r\nstatus_report\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="scan.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    yield PDF;
    if (resume) await resume;
    for (let left = size - PDF.length; left > 0; left -= CHUNK.length) {
      yield left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
    }
    yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  }
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/document/${who.userId}/upload`,
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...bearer(who.token) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString() || '{}'),
            retryAfter: response.headers['retry-after'],
          }),
        );
      },
    );
    request.on('error', reject);
    // A refused upload is answered before its body is read: the rest of the body may then fail to send.
    pipeline(Readable.from(body()), request).catch(() => undefined);
  });
}

async function listen(ctx: TestContext) {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return (ctx.app.server.address() as AddressInfo).port;
}

async function appWith(storage: Partial<Config['storage']>) {
  const localDir = await mkdtemp(path.join(os.tmpdir(), 'bizdash-upload-limits-'));
  const ctx = await buildTestApp({ storage: { ...testConfig().storage, localDir, ...storage } });
  return {
    ctx,
    port: await listen(ctx),
    close: async () => {
      await ctx.close();
      await rm(localDir, { recursive: true, force: true });
    },
  };
}

describe('uploads are streamed, so memory stays bounded', () => {
  let server: Awaited<ReturnType<typeof appWith>>;
  let merchant: Merchant;

  beforeAll(async () => {
    server = await appWith({ uploadsPerMerchant: 30, uploadsPerProcess: 30, quotaBytes: 1024 * MB });
    merchant = await signUpMerchant(server.ctx.app);
  });
  afterAll(() => server.close());

  it('takes 30 concurrent uploads of 10 MB with the process growing by well under their 300 MB', async () => {
    // Warm up the route (modules, database statements) so the baseline is the steady state.
    expect((await sendDocument(server.port, merchant, 1 * MB)).status).toBe(200);
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => sendDocument(server.port, merchant, 10 * MB - 1024)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    // Held whole, the bodies alone would take 300 MB (twice that while being joined).
    expect((peak - baseline) / MB).toBeLessThan(150);
    const stored = await countRows(
      server.ctx.app,
      sql`select count(*) as n from files where owner_id = ${merchant.userId} and size > ${9 * MB}`,
    );
    expect(stored).toBe(30);
  }, 120_000);
});

describe('concurrent uploads are limited per merchant and per process', () => {
  let server: Awaited<ReturnType<typeof appWith>>;
  const limits = () => server.ctx.app.deps.config.storage;

  beforeAll(async () => {
    server = await appWith({ uploadsPerMerchant: 2, uploadsPerProcess: 3 });
  });
  afterAll(() => server.close());

  it('answers 429 with Retry-After and a clear sentence while the merchant has 2 uploads under way', async () => {
    const merchant = await signUpMerchant(server.ctx.app);
    const other = await signUpMerchant(server.ctx.app);
    let resume = () => {};
    const held = new Promise<void>((resolve) => {
      resume = resolve;
    });
    const slow = [
      sendDocument(server.port, merchant, 2 * MB, held),
      sendDocument(server.port, merchant, 2 * MB, held),
    ];
    // The two held uploads take their slots as soon as their requests arrive.
    await vi.waitFor(() => expect(uploadsUnderWay(limits(), merchant.userId)).toBe(2), { timeout: 10_000 });
    const refused = await sendDocument(server.port, merchant, 1024);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('5');
    expect(refused.body).toEqual({
      code: 'UPLOADS_IN_PROGRESS',
      error: 'You already have 2 uploads in progress. Wait for one to finish, then try again.',
    });

    // Another merchant takes the process's third and last slot; a fourth upload finds the server busy.
    let resumeOther = () => {};
    const otherHeld = new Promise<void>((resolve) => {
      resumeOther = resolve;
    });
    const otherSlow = sendDocument(server.port, other, 2 * MB, otherHeld);
    await vi.waitFor(() => expect(uploadsUnderWay(limits())).toBe(3), { timeout: 10_000 });
    const busy = await sendDocument(server.port, other, 1024);
    expect(busy.body.code).toBe('UPLOADS_BUSY');
    expect(busy.status).toBe(429);
    expect(busy.retryAfter).toBe('5');
    expect(busy.body.error).toBe('The server is busy with other uploads. Please try again in a few seconds.');

    resume();
    resumeOther();
    expect((await Promise.all([...slow, otherSlow])).map((answer) => answer.status)).toEqual([200, 200, 200]);
    // The slots are free again.
    expect(uploadsUnderWay(limits())).toBe(0);
    expect((await sendDocument(server.port, merchant, 1024)).status).toBe(200);
  }, 60_000);
});

describe('storage quota per merchant', () => {
  let server: Awaited<ReturnType<typeof appWith>>;
  let merchant: Merchant;
  const pdfOf = (size: number) => Buffer.concat([PDF, Buffer.alloc(size - PDF.length, 0x20)]);
  const upload = (size: number) => {
    const { payload, headers } = multipartBody([
      { name: 'document_name', value: 'status_report' },
      { name: 'files', filename: 'scan.pdf', contentType: 'application/pdf', bytes: pdfOf(size) },
    ]);
    return server.ctx.app.inject({
      method: 'POST',
      url: `/api/document/${merchant.userId}/upload`,
      payload,
      headers: { ...headers, ...bearer(merchant.token) },
    });
  };
  const storedBytes = () =>
    countRows(
      server.ctx.app,
      sql`select coalesce(sum(size), 0) as n from files where owner_id = ${merchant.userId}`,
    );

  beforeAll(async () => {
    server = await appWith({ quotaBytes: 1 * MB });
    merchant = await signUpMerchant(server.ctx.app);
  });
  afterAll(() => server.close());

  it('refuses an upload that does not fit with 413 and what is left; stores nothing', async () => {
    expect((await upload(600 * 1024)).statusCode).toBe(200);
    const refused = await upload(600 * 1024);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      code: 'STORAGE_QUOTA_EXCEEDED',
      error:
        'This upload (600 KB) is larger than the 424 KB left of your 1 MB of storage. Delete a document to make room.',
    });
    expect(await storedBytes()).toBe(600 * 1024);
  });

  it('refuses any upload once storage is full, says so, and takes uploads again after a delete', async () => {
    expect((await upload(424 * 1024)).statusCode).toBe(200);
    expect(await storedBytes()).toBe(MB);
    const refused = await upload(1024);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      code: 'STORAGE_QUOTA_EXCEEDED',
      error:
        'Your documents and images use all of your 1 MB of storage. Delete a document to upload another.',
    });
    // Images count too.
    const photo = multipartBody([{ name: 'file', filename: 'me.png', contentType: 'image/png', bytes: PDF }]);
    const photoRefused = await server.ctx.app.inject({
      method: 'POST',
      url: `/api/document/${merchant.userId}/upload-profile-picture`,
      payload: photo.payload,
      headers: { ...photo.headers, ...bearer(merchant.token) },
    });
    expect(photoRefused.statusCode).toBe(413);

    const list = await server.ctx.app.inject({
      method: 'GET',
      url: `/api/document/${merchant.userId}`,
      headers: bearer(merchant.token),
    });
    const [first] = (list.json() as { documents: { derivedFileName: string; originalFileName: string }[] })
      .documents;
    const deleted = await server.ctx.app.inject({
      method: 'POST',
      url: '/api/document/delete-documents',
      payload: { userId: merchant.userId, documents: [first] },
      headers: bearer(merchant.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await upload(1024)).statusCode).toBe(200);
  });

  it('lets only one of two concurrent uploads take the last room', async () => {
    const room = MB - (await storedBytes());
    const answers = await Promise.all([upload(room - 100), upload(room - 100)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 413]);
    expect(await storedBytes()).toBeLessThanOrEqual(MB);
  });
});
