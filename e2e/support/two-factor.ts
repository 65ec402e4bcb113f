import type { APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, type Merchant } from './fixtures';

const PERIOD_SECONDS = 30;

/** The authenticator app of the test: the same parameters the server gives the QR code (SHA-1, 6 digits, 30 s). */
const appFor = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

const currentStep = () => Math.floor(Date.now() / 1000 / PERIOD_SECONDS);

/** A code the app shows now, with the time step it belongs to. */
export function appCode(secret: string): { code: string; step: number } {
  const step = currentStep();
  return { code: appFor(secret).generate({ timestamp: step * PERIOD_SECONDS * 1000 }), step };
}

/**
 * A code of a later time step than `usedStep`: the server takes each step's code once, so a second sign-in
 * within the same 30 seconds waits for the app's next code, as a person would.
 */
export async function nextAppCode(secret: string, usedStep: number): Promise<{ code: string; step: number }> {
  const wait = (usedStep + 1) * PERIOD_SECONDS * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 200));
  return appCode(secret);
}

/** Turns two-factor on through the API, as the Security page does: for tests whose subject is what comes after. */
export async function enableTwoFactor(request: APIRequestContext, merchant: Merchant) {
  const headers = { Authorization: `Bearer ${merchant.token}`, user_id: merchant.userId };
  const setup = await request.post(`/api/users/${merchant.userId}/two-factor/setup`, { headers });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const { code, step } = appCode(secret);
  const enabled = await request.post(`/api/users/${merchant.userId}/two-factor/enable`, {
    headers,
    data: { code },
  });
  expect(enabled.status(), await enabled.text()).toBe(200);
  const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
  return { secret, recoveryCodes, step };
}
