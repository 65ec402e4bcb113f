import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dbOf, insertTestMerchant, inTx, useTestApp, walletBalance } from '../../helper.ts';

/*
 * ADR 053: the database itself keeps wallets at or above zero, whatever code writes them; only the statement a
 * dispute's hold marks for its wallet may take it below (ADR 051), and a wallet below zero still receives money.
 */
describe('the wallets overdraw guard (migration 0032)', () => {
  const ctx = useTestApp();

  const causeOf = (error: unknown) => String((error as { cause?: unknown }).cause ?? error);

  it('refuses any statement that takes a wallet below zero, and changes nothing', async () => {
    const merchant = await insertTestMerchant(ctx.app);
    const refused = await dbOf(ctx.app)
      .execute(sql`update wallets set balance = balance - 1 where id = ${merchant.NGN}`)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(causeOf(refused)).toContain('would go below zero');
    expect(await walletBalance(ctx.app, merchant.NGN)).toBe(0);
  });

  it("lets only the dispute hold's marked statement overdraw that wallet, then lets it receive money", async () => {
    const merchant = await insertTestMerchant(ctx.app);
    await inTx(ctx.app, async (tx) => {
      await tx.execute(sql`select set_config('bizdash.dispute_hold', ${merchant.NGN}, true)`);
      await tx.execute(sql`update wallets set balance = balance - 500 where id = ${merchant.NGN}`);
    });
    expect(await walletBalance(ctx.app, merchant.NGN)).toBe(-500);

    // Marked for another wallet: this one is still guarded.
    const refused = await inTx(ctx.app, async (tx) => {
      await tx.execute(sql`select set_config('bizdash.dispute_hold', ${merchant.USD}, true)`);
      await tx.execute(sql`update wallets set balance = balance - 1 where id = ${merchant.NGN}`);
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(causeOf(refused)).toContain('would go below zero');

    await dbOf(ctx.app).execute(sql`update wallets set balance = balance + 200 where id = ${merchant.NGN}`);
    expect(await walletBalance(ctx.app, merchant.NGN)).toBe(-300);
  });
});
