import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { callbackSigner } from '../../../src/providers/identity/signed-callback.ts';
import { bearer, type Merchant } from '../../helper.ts';
import { multipartBody } from '../files/multipart-body.ts';

/** The callback secret the test apps run with, so tests can sign (and forge) callbacks themselves. */
export const CALLBACK_SECRET = 'kyc-callback-secret-for-tests-0123456789';
export const testSigner = callbackSigner(CALLBACK_SECRET);

export const identityConfig = { identity: { provider: 'sandbox' as const, callbackSecret: CALLBACK_SECRET } };

export const kycStatus = async (app: FastifyInstance, merchant: Merchant) => {
  const response = await app.inject({ url: `/api/kyc/${merchant.userId}`, headers: bearer(merchant.token) });
  expect(response.statusCode).toBe(200);
  return response.json() as { status: string; reason: string | null };
};

/** Starts a verification and returns the sandbox session id from its widget URL. */
export async function startKyc(app: FastifyInstance, merchant: Merchant): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/kyc/${merchant.userId}/verifications`,
    headers: bearer(merchant.token),
  });
  expect(response.statusCode, response.body).toBe(201);
  const { widgetUrl } = response.json() as { widgetUrl: string };
  const session = new URL(widgetUrl, 'http://app.test').searchParams.get('session');
  if (!session) throw new Error(`no session in ${widgetUrl}`);
  return session;
}

/** A small real PNG, as a phone's camera would send (after our re-encode only pixels remain). */
export const selfiePng = () =>
  sharp({ create: { width: 48, height: 64, channels: 3, background: '#c08060' } })
    .png()
    .toBuffer();

export const uploadSelfie = (
  app: FastifyInstance,
  sessionId: string,
  bytes: Buffer,
  file = { filename: 'selfie.png', contentType: 'image/png' },
) => {
  const { payload, headers } = multipartBody([{ name: 'file', ...file, bytes }]);
  return app.inject({
    method: 'POST',
    url: `/api/sandbox/identity/sessions/${sessionId}/selfie`,
    payload,
    headers,
  });
};

export const submitOnly = (app: FastifyInstance, sessionId: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/sandbox/identity/sessions/${sessionId}/submit`,
    payload: payload as object,
  });

/** The widget's journey: a selfie, then the ID details. */
export async function submit(app: FastifyInstance, sessionId: string, payload: unknown) {
  await uploadSelfie(app, sessionId, await selfiePng());
  return submitOnly(app, sessionId, payload);
}

export const postCallback = (
  app: FastifyInstance,
  callback: { headers: Record<string, string>; body: string },
) =>
  app.inject({ method: 'POST', url: '/api/kyc/callback', headers: callback.headers, payload: callback.body });

export const BVN_APPROVED = { idType: 'BVN', idNumber: '22222222222', dateOfBirth: '1990-04-12' };
export const NIN_REJECTED = { idType: 'NIN', idNumber: '11111111122', dateOfBirth: '1988-01-30' };
export const PASSPORT_IN_REVIEW = { idType: 'PASSPORT', idNumber: 'A00000003', dateOfBirth: '1979-12-01' };
