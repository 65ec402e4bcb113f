import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bankAccounts } from '../../../src/db/schema/index.ts';
import { dbOf, fundWallet, type Merchant, sqlRows, walletIdsOf } from '../../helper.ts';
import { createApp } from '../api-keys/api-key-fixtures.ts';

/** Sandbox rail outcomes by the account number's first digits (providers/payout-rail/sandbox-payout-rail.ts). */
export const RAIL_ACCOUNTS = { settles: '0123456789', closed: '9990000011', busy: '8880000022' } as const;

/** A settlement account straight into the table (the add flows are tested in features/banks), past its hold. */
export async function settlementAccount(
  app: FastifyInstance,
  userId: string,
  options: { accountNumber?: string; currency?: 'NGN' | 'USD'; addedHoursAgo?: number } = {},
) {
  const { accountNumber = RAIL_ACCOUNTS.settles, currency = 'NGN', addedHoursAgo = 48 } = options;
  const wallets = await walletIdsOf(app, userId);
  const id = randomUUID();
  const createdAt = new Date(Date.now() - addedHoursAgo * 3_600_000);
  await dbOf(app)
    .insert(bankAccounts)
    .values({
      id,
      userId,
      walletId: wallets[currency],
      currency,
      bankName: 'Guaranty Trust Bank',
      bankCode: currency === 'NGN' ? '058' : null,
      accountHolderName: 'ADAEZE OKAFOR',
      accountType: 'savings',
      accountNumberSealed: app.deps.secretBox.seal(accountNumber, `bank-account:${id}`),
      accountNumberLast4: accountNumber.slice(-4),
      accountNumberHash: createHmac('sha256', 'test').update(`${id}:${accountNumber}`).digest('hex'),
      source: 'bank_form',
      createdAt,
      updatedAt: createdAt,
    });
  return id;
}

/** A merchant whose KYC is done, with money in its NGN wallet and a settlement account ready for payouts. */
export async function readyMerchant(app: FastifyInstance, merchant: Merchant, balance = 10_000_000) {
  await dbOf(app).execute(sql`update users set status = 'ACTIVE' where id = ${merchant.userId}::uuid`);
  const wallets = await walletIdsOf(app, merchant.userId);
  await fundWallet(app, wallets.NGN, balance);
  return { walletId: wallets.NGN, bankAccountId: await settlementAccount(app, merchant.userId), wallets };
}

/** An app of a ready merchant, with money in its own NGN wallet and a settlement account of its own. */
export async function readyApp(app: FastifyInstance, merchant: Merchant, balance = 10_000_000) {
  const { recordId: appId } = await createApp(app, merchant, `Branch ${randomUUID().slice(0, 8)}`);
  const wallets = await walletIdsOf(app, appId);
  await fundWallet(app, wallets.NGN, balance);
  return { appId, walletId: wallets.NGN, bankAccountId: await settlementAccount(app, appId) };
}

/** The code in the newest payout-confirmation email to `email`. */
export async function emailedCode(app: FastifyInstance, email: string) {
  const [mail] = await app.deps.email.mailbox(email, 1);
  const code = mail?.subject.match(/^(\d{6}) confirms your Bizdash payout/)?.[1];
  if (!code) throw new Error(`no payout code mailed to ${email}: ${mail?.subject}`);
  return code;
}

export async function transactionsOf(app: FastifyInstance, userId: string) {
  return sqlRows<{
    id: string;
    transaction_type: string;
    transaction_status: string;
    transaction_amount: string | number;
    transaction_channel: string;
    parent_transaction_id: string | null;
  }>(
    app,
    sql`select id, transaction_type, transaction_status, transaction_amount, transaction_channel, parent_transaction_id
        from transactions where user_id = ${userId}::uuid order by created_at, transaction_channel`,
  );
}
