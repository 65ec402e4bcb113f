import type { Payout } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearer, type Merchant, sandboxKey, signUpMerchant, sqlRows, useTestApp } from '../../helper.ts';
import { emailedCode, readyMerchant } from '../payouts/payout-fixtures.ts';

const TRIALS = 8;
const GUESSES = 31;
const MAX_WRONG = 5;

/** 30 wrong codes and the right one, sent at once; the right one among the first dozen sent. */
const RIGHT_AT = 10;
const guessesWith = (code: string) => {
  const wrong = Array.from({ length: GUESSES - 1 }, (_, index) =>
    String((Number(code) + index + 1) % 1_000_000).padStart(6, '0'),
  );
  return [...wrong.slice(0, RIGHT_AT), code, ...wrong.slice(RIGHT_AT)];
};

const errorCodes = (answers: LightMyRequestResponse[]) =>
  answers.filter((answer) => answer.statusCode !== 200).map((answer) => answer.json().code as string);

describe('emailed codes under simultaneous guesses (5 wrong tries, then locked)', () => {
  const ctx = useTestApp({ databasePoolSize: 20 });

  const wrongCounted = async (userId: string, purpose: string) => {
    const [row] = await sqlRows<{ wrong_attempts: number }>(
      ctx.app,
      sql`select wrong_attempts from otp_codes where user_id = ${userId}::uuid and purpose = ${purpose}
          order by created_at desc limit 1`,
    );
    return row?.wrong_attempts;
  };

  /**
   * What every trial must show, whichever guess the database took first: at most 5 wrong ones checked, and the
   * right one accepted only before the fifth (then no guess met a locked code).
   */
  const expectLockHeld = (answers: LightMyRequestResponse[], accepted: number) => {
    const refused = errorCodes(answers);
    expect(accepted).toBeLessThanOrEqual(1);
    expect(refused.filter((code) => code === 'OTP_INCORRECT').length).toBeLessThanOrEqual(MAX_WRONG);
    expect(refused.every((code) => ['OTP_INCORRECT', 'OTP_LOCKED', 'OTP_EXPIRED'].includes(code))).toBe(true);
    if (accepted === 1) expect(refused).not.toContain('OTP_LOCKED');
  };

  it(`email verification: the right code among ${GUESSES} at once gets in only within the first ${MAX_WRONG + 1} checked`, async () => {
    let acceptedTrials = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const merchant = await signUpMerchant(ctx.app);
      const query = `email=${encodeURIComponent(merchant.email)}`;
      await ctx.app.inject({ url: `/api/users/otp?${query}`, headers: bearer(merchant.token) });
      const mail = await ctx.app.inject({
        url: `/api/sandbox/mailbox?${query}`,
        headers: sandboxKey(ctx.app),
      });
      const code = /\b(\d{6})\b/.exec(mail.json().messages[0].subject)?.[1] as string;
      const submit = (otp: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/users/otp',
          headers: bearer(merchant.token),
          payload: { email: merchant.email, otp },
        });

      const answers = await Promise.all(guessesWith(code).map(submit));
      const accepted = answers.filter((answer) => answer.statusCode === 200).length;
      expectLockHeld(answers, accepted);
      expect(await wrongCounted(merchant.userId, 'verify_email')).toBeLessThanOrEqual(MAX_WRONG);
      const user = await ctx.app.inject({
        url: `/api/users/${merchant.userId}`,
        headers: bearer(merchant.token),
      });
      expect(user.json().emailVerified).toBe(accepted === 1);
      if (accepted === 0) {
        expect(await wrongCounted(merchant.userId, 'verify_email')).toBe(MAX_WRONG);
        expect((await submit(code)).json().code).toBe('OTP_LOCKED');
      }
      acceptedTrials += accepted;
    }
    expect(acceptedTrials).toBeLessThan(TRIALS);
  });

  it(`payout confirmation: ${GUESSES} codes at once move the money at most once, and the lock holds`, async () => {
    const merchant: Merchant = await signUpMerchant(ctx.app);
    const { walletId, bankAccountId } = await readyMerchant(ctx.app, merchant);
    let acceptedTrials = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/payouts',
        headers: { ...bearer(merchant.token), 'idempotency-key': `guesses-${trial}-${Date.now()}` },
        payload: { walletId, bankAccountId, amount: 100_000 },
      });
      const payout = created.json() as Payout;
      expect(payout.status).toBe('PENDING_CONFIRMATION');
      const code = await emailedCode(ctx.app, merchant.email);
      const confirm = (guess: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/payouts/${payout.id}/confirm`,
          headers: bearer(merchant.token),
          payload: { code: guess },
        });

      const answers = await Promise.all(guessesWith(code).map(confirm));
      const accepted = answers.filter((answer) => answer.statusCode === 200).length;
      expectLockHeld(answers, accepted);
      expect(await wrongCounted(merchant.userId, `payout:${payout.id}`)).toBeLessThanOrEqual(MAX_WRONG);
      const after = await ctx.app.inject({
        url: `/api/payouts/${payout.id}`,
        headers: bearer(merchant.token),
      });
      expect(after.json().status).toBe(accepted === 1 ? 'PROCESSING' : 'PENDING_CONFIRMATION');
      if (accepted === 0) expect((await confirm(code)).json().code).toBe('OTP_LOCKED');
      acceptedTrials += accepted;
    }
    expect(acceptedTrials).toBeLessThan(TRIALS);
  });
});
