import { KYC_SELFIE_REQUIRED } from '@bizdash/shared';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sandboxIdentitySessions, scheduledJobs } from '../../../src/db/schema/index.ts';
import { SANDBOX_REJECTION_REASONS } from '../../../src/providers/identity/sandbox-test-ids.ts';
import {
  bearer,
  buildTestApp,
  countRows,
  dbOf,
  type Merchant,
  signUpMerchant,
  sqlRows,
  type TestContext,
} from '../../helper.ts';
import { changed, listenOnEphemeralPort, openEventStream } from '../live/live-fixtures.ts';
import {
  BVN_APPROVED,
  identityConfig,
  kycStatus,
  NIN_REJECTED,
  PASSPORT_IN_REVIEW,
  selfiePng,
  startKyc,
  submit,
  submitOnly,
  uploadSelfie,
} from './kyc-fixtures.ts';

describe('KYC through the sandbox identity provider', () => {
  let ctx: TestContext;
  let baseUrl: string;

  const kycEvents = (userId: string) =>
    sqlRows<{ status: string; reason: string | null }>(
      ctx.app,
      sql`select payload->'data'->>'status' as status, payload->'data'->>'reason' as reason
          from outbox_events where user_id = ${userId} and event_type = 'user.kyc.updated' order by created_at`,
    );
  const userStatus = async (merchant: Merchant) =>
    (await ctx.app.inject({ url: `/api/users/${merchant.userId}`, headers: bearer(merchant.token) })).json()
      .status;

  beforeAll(async () => {
    ctx = await buildTestApp({ ...identityConfig, jobsEnabled: true });
    baseUrl = await listenOnEphemeralPort(ctx.app);
  });
  afterAll(() => ctx.close());

  describe('GET /api/kyc/{userId}', () => {
    it('says PENDING_KYC before any verification', async () => {
      const merchant = await signUpMerchant(ctx.app);
      expect(await kycStatus(ctx.app, merchant)).toEqual({
        status: 'PENDING_KYC',
        reason: null,
        updatedAt: null,
      });
    });

    it("answers 404 for another merchant's user and 400 for an id that is not one", async () => {
      const [merchant, other] = [await signUpMerchant(ctx.app), await signUpMerchant(ctx.app)];
      const theirs = await ctx.app.inject({
        url: `/api/kyc/${other.userId}`,
        headers: bearer(merchant.token),
      });
      expect(theirs.statusCode).toBe(404);
      const start = await ctx.app.inject({
        method: 'POST',
        url: `/api/kyc/${other.userId}/verifications`,
        headers: bearer(merchant.token),
      });
      expect(start.statusCode).toBe(404);
      expect(
        await countRows(ctx.app, sql`select count(*) as n from identity_verifications`),
      ).toBeGreaterThanOrEqual(0);
      expect(
        await countRows(
          ctx.app,
          sql`select count(*) as n from identity_verifications where user_id = ${other.userId}`,
        ),
      ).toBe(0);
      const hostile = await ctx.app.inject({
        url: "/api/kyc/1'%20or%201=1",
        headers: bearer(merchant.token),
      });
      expect(hostile.statusCode).toBe(400);
      expect(hostile.json().error).toBe('User ID is invalid');
    });

    it('answers 401 without a token', async () => {
      const merchant = await signUpMerchant(ctx.app);
      expect((await ctx.app.inject({ url: `/api/kyc/${merchant.userId}` })).statusCode).toBe(401);
    });
  });

  describe('the sandbox widget', () => {
    it('approves the approved test number: PENDING_KYC -> IN_REVIEW -> ACTIVE, each with its event', async () => {
      const merchant = await signUpMerchant(ctx.app);
      const stream = await openEventStream(baseUrl, merchant.token);
      const session = await startKyc(ctx.app, merchant);

      const opened = await ctx.app.inject({ url: `/api/sandbox/identity/sessions/${session}` });
      expect(opened.statusCode).toBe(200);
      expect(opened.json()).toMatchObject({ status: 'OPEN', hasSelfie: false });
      expect(opened.json().testNumbers).toContainEqual({
        idType: 'BVN',
        number: '22222222222',
        outcome: 'Approved at once',
      });

      const submitted = await submit(ctx.app, session, BVN_APPROVED);
      expect(submitted.statusCode, submitted.body).toBe(200);
      expect(submitted.json().status).toBe('APPROVED');
      expect(await userStatus(merchant)).toBe('ACTIVE');
      expect(await kycEvents(merchant.userId)).toEqual([
        { status: 'IN_REVIEW', reason: null },
        { status: 'ACTIVE', reason: null },
      ]);
      // The open dashboard hears of it and refetches the user (the top bar's status).
      await stream.waitFor(changed('user'));
      stream.close();

      // Only the last four characters of the number stay with the sandbox.
      const [row] = await dbOf(ctx.app)
        .select()
        .from(sandboxIdentitySessions)
        .where(eq(sandboxIdentitySessions.id, session));
      expect(row?.idNumberLast4).toBe('2222');

      const again = await ctx.app.inject({
        method: 'POST',
        url: `/api/kyc/${merchant.userId}/verifications`,
        headers: bearer(merchant.token),
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('KYC_COMPLETE');
    });

    it('rejects the rejected test number with its reason, and a retry can then succeed', async () => {
      const merchant = await signUpMerchant(ctx.app);
      const first = await startKyc(ctx.app, merchant);
      expect((await submit(ctx.app, first, NIN_REJECTED)).json().status).toBe('REJECTED');
      expect(await kycStatus(ctx.app, merchant)).toMatchObject({
        status: 'KYC_FAILED',
        reason: SANDBOX_REJECTION_REASONS.MISMATCH,
      });

      const retry = await startKyc(ctx.app, merchant);
      expect(retry).not.toBe(first);
      expect((await submit(ctx.app, retry, BVN_APPROVED)).json().status).toBe('APPROVED');
      expect(await kycStatus(ctx.app, merchant)).toMatchObject({ status: 'ACTIVE', reason: null });
      expect((await kycEvents(merchant.userId)).map((event) => event.status)).toEqual([
        'IN_REVIEW',
        'KYC_FAILED',
        'IN_REVIEW',
        'ACTIVE',
      ]);
    });

    it('rejects a number that is not a test number', async () => {
      const merchant = await signUpMerchant(ctx.app);
      const session = await startKyc(ctx.app, merchant);
      const response = await submit(ctx.app, session, { ...BVN_APPROVED, idNumber: '12345678901' });
      expect(response.json()).toMatchObject({
        status: 'REJECTED',
        reason: SANDBOX_REJECTION_REASONS.NOT_A_TEST_NUMBER,
      });
      expect(await userStatus(merchant)).toBe('KYC_FAILED');
    });

    it('keeps the in-review number IN_REVIEW until the scheduled job approves it a minute later', async () => {
      const merchant = await signUpMerchant(ctx.app);
      const session = await startKyc(ctx.app, merchant);
      expect((await submit(ctx.app, session, PASSPORT_IN_REVIEW)).json().status).toBe('IN_REVIEW');
      expect(await userStatus(merchant)).toBe('IN_REVIEW');
      const [row] = await dbOf(ctx.app)
        .select()
        .from(sandboxIdentitySessions)
        .where(eq(sandboxIdentitySessions.id, session));
      const dueIn = (row?.reviewDueAt?.getTime() ?? 0) - Date.now();
      expect(dueIn).toBeGreaterThan(50_000);
      expect(dueIn).toBeLessThanOrEqual(60_000);

      // While in review the merchant cannot start another one.
      const start = await ctx.app.inject({
        method: 'POST',
        url: `/api/kyc/${merchant.userId}/verifications`,
        headers: bearer(merchant.token),
      });
      expect(start.json().code).toBe('KYC_IN_REVIEW');

      // A minute passes: the review is due, and so is the job.
      await dbOf(ctx.app)
        .update(sandboxIdentitySessions)
        .set({ reviewDueAt: sql`now() - interval '1 second'` })
        .where(eq(sandboxIdentitySessions.id, session));
      await dbOf(ctx.app)
        .update(scheduledJobs)
        .set({ nextRunAt: sql`now()` })
        .where(eq(scheduledJobs.name, 'sandbox-kyc-reviews'));
      await vi.waitFor(async () => expect(await userStatus(merchant)).toBe('ACTIVE'), { timeout: 5_000 });
      expect((await kycEvents(merchant.userId)).map((event) => event.status)).toEqual([
        'IN_REVIEW',
        'ACTIVE',
      ]);
      const done = await ctx.app.inject({ url: `/api/sandbox/identity/sessions/${session}` });
      expect(done.json().status).toBe('APPROVED');
    });

    it('refuses a second submit of one session', async () => {
      const merchant = await signUpMerchant(ctx.app);
      const session = await startKyc(ctx.app, merchant);
      await submit(ctx.app, session, NIN_REJECTED);
      const second = await submit(ctx.app, session, BVN_APPROVED);
      expect(second.statusCode).toBe(409);
      expect(await userStatus(merchant)).toBe('KYC_FAILED');
    });

    it.each([
      [{ ...BVN_APPROVED, idNumber: '2222222222' }, 'BVN must be 11 digits'],
      [{ ...BVN_APPROVED, idType: 'NIN', idNumber: '1111111111a' }, 'NIN must be 11 digits'],
      [
        { ...BVN_APPROVED, idType: 'PASSPORT', idNumber: '12345678' },
        'Passport number must be a letter followed by 8 digits',
      ],
      [{ ...BVN_APPROVED, idType: 'SSN_LAST4', idNumber: '12345' }, 'Enter the last 4 digits of the SSN'],
      [{ ...BVN_APPROVED, idType: 'DRIVING_LICENCE' }, 'Select an ID type'],
      [{ ...BVN_APPROVED, idNumber: '' }, 'ID number is required'],
      [{ ...BVN_APPROVED, idNumber: 'x'.repeat(5_000) }, 'ID number is at most 20 characters'],
      [{ ...BVN_APPROVED, dateOfBirth: '1990-02-30' }, 'Enter a real date of birth'],
      [{ ...BVN_APPROVED, dateOfBirth: '12/04/1990' }, 'Enter the date of birth as YYYY-MM-DD'],
      [
        { ...BVN_APPROVED, dateOfBirth: new Date().toISOString().slice(0, 10) },
        'You must be at least 18 years old',
      ],
      [{ idType: 'BVN', idNumber: ['22222222222'], dateOfBirth: '1990-04-12' }, 'ID number is required'],
    ])('answers 400 and changes nothing for %j', async (payload, message) => {
      const merchant = await signUpMerchant(ctx.app);
      const session = await startKyc(ctx.app, merchant);
      const response = await submit(ctx.app, session, payload);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(message);
      expect(response.body).not.toMatch(/at \w+ \(|stack/i);
      expect((await ctx.app.inject({ url: `/api/sandbox/identity/sessions/${session}` })).json().status).toBe(
        'OPEN',
      );
      expect(await userStatus(merchant)).toBe('PENDING_KYC');
    });

    it('answers 404 for an unknown session, 400 for a session id that is not one, 404 once expired', async () => {
      const unknown = await submit(ctx.app, '7f1f0c8e-2a55-4b8f-9d8e-1d2c3b4a5f60', BVN_APPROVED);
      expect(unknown.statusCode).toBe(404);
      const hostile = await ctx.app.inject({ url: '/api/sandbox/identity/sessions/..%2F..%2Fetc' });
      expect(hostile.statusCode).toBe(400);

      const merchant = await signUpMerchant(ctx.app);
      const session = await startKyc(ctx.app, merchant);
      await dbOf(ctx.app)
        .update(sandboxIdentitySessions)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(sandboxIdentitySessions.id, session));
      expect((await submit(ctx.app, session, BVN_APPROVED)).statusCode).toBe(404);
      expect(await userStatus(merchant)).toBe('PENDING_KYC');
    });
  });

  describe('the selfie', () => {
    const selfieOf = async (session: string) => {
      const [row] = await dbOf(ctx.app)
        .select({ fileId: sandboxIdentitySessions.selfieFileId })
        .from(sandboxIdentitySessions)
        .where(eq(sandboxIdentitySessions.id, session));
      return row?.fileId ?? null;
    };
    const filesOf = (userId: string) =>
      sqlRows<{ id: string; purpose: string; content_type: string; storage_key: string }>(
        ctx.app,
        sql`select id, purpose, content_type, storage_key from files where owner_id = ${userId}`,
      );

    it("is required: submitting without one is 400 'Please take or upload a selfie', nothing decided", async () => {
      const merchant = await signUpMerchant(ctx.app);
      const session = await startKyc(ctx.app, merchant);
      const response = await submitOnly(ctx.app, session, BVN_APPROVED);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: KYC_SELFIE_REQUIRED });
      expect(await userStatus(merchant)).toBe('PENDING_KYC');
      expect((await ctx.app.inject({ url: `/api/sandbox/identity/sessions/${session}` })).json().status).toBe(
        'OPEN',
      );
    });

    it("refuses HTML renamed .png, an empty file or no file with 'Please select a valid image'; nothing stored", async () => {
      const merchant = await signUpMerchant(ctx.app);
      const session = await startKyc(ctx.app, merchant);
      const html = Buffer.from('<!doctype html><script>alert(1)</script>');
      for (const bytes of [html, Buffer.alloc(0)]) {
        const response = await uploadSelfie(ctx.app, session, bytes);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: 'Please select a valid image' });
      }
      const noFile = await ctx.app.inject({
        method: 'POST',
        url: `/api/sandbox/identity/sessions/${session}/selfie`,
        payload: {},
      });
      expect(noFile.statusCode).toBe(400);
      expect(await filesOf(merchant.userId)).toEqual([]);
      expect(await selfieOf(session)).toBeNull();
    });

    it('stores a valid selfie re-encoded, private, owned by the merchant and linked to the session', async () => {
      const merchant = await signUpMerchant(ctx.app);
      const session = await startKyc(ctx.app, merchant);
      const withGps = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#c08060' } })
        .jpeg()
        .withExif({ IFD0: { Copyright: 'secret' }, IFD3: { GPSLatitudeRef: 'N' } })
        .toBuffer();
      const response = await uploadSelfie(ctx.app, session, withGps, {
        filename: 'IMG_0001.jpg',
        contentType: 'image/jpeg',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ status: 'OPEN', hasSelfie: true });
      const [file] = await filesOf(merchant.userId);
      expect(file).toMatchObject({ purpose: 'kyc_selfie', content_type: 'image/jpeg' });
      expect(await selfieOf(session)).toBe(file?.id);
      const stored = await ctx.app.deps.storage.get(file?.storage_key ?? '');
      const chunks: Buffer[] = [];
      for await (const chunk of stored ?? []) chunks.push(chunk as Buffer);
      expect((await sharp(Buffer.concat(chunks)).metadata()).exif).toBeUndefined();
      // Private: the public image route never serves it.
      expect((await ctx.app.inject({ url: `/api/files/${file?.id}` })).statusCode).toBe(404);
      // The decision still comes from the documented numbers.
      expect((await submitOnly(ctx.app, session, BVN_APPROVED)).json().status).toBe('APPROVED');
    });

    it('answers 404 for an unknown, expired or already submitted session (nothing stored)', async () => {
      const png = await selfiePng();
      const unknown = await uploadSelfie(ctx.app, '7f1f0c8e-2a55-4b8f-9d8e-1d2c3b4a5f60', png);
      expect(unknown.statusCode).toBe(404);

      const merchant = await signUpMerchant(ctx.app);
      const submitted = await startKyc(ctx.app, merchant);
      expect((await submit(ctx.app, submitted, NIN_REJECTED)).json().status).toBe('REJECTED');
      const before = (await filesOf(merchant.userId)).length;
      expect((await uploadSelfie(ctx.app, submitted, png)).statusCode).toBe(404);

      const retry = await startKyc(ctx.app, merchant);
      await dbOf(ctx.app)
        .update(sandboxIdentitySessions)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(sandboxIdentitySessions.id, retry));
      expect((await uploadSelfie(ctx.app, retry, png)).statusCode).toBe(404);
      expect((await filesOf(merchant.userId)).length).toBe(before);
    });
  });
});
