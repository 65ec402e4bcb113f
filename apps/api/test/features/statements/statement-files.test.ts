import { randomUUID } from 'node:crypto';
import { roleRequiredMessage } from '@bizdash/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  dbOf,
  fundWallet,
  type Merchant,
  signUpMerchant,
  sqlRows,
  type TestContext,
  walletIdsOf,
} from '../../helper.ts';
import { createApp } from '../api-keys/api-key-fixtures.ts';
import { createProduct, pay, paymentRow } from '../checkout/checkout-fixtures.ts';
import { multipartBody } from '../files/multipart-body.ts';
import { addMember } from '../platform/member-fixtures.ts';
import { pdfPageCount, pdfPages, pdfText } from './pdf-text.ts';
import { backdatedHistory, getStatement, parseCsv } from './statement-fixtures.ts';

const today = () => new Date().toISOString().slice(0, 10);

describe('GET /api/wallets/{walletId}/statement: the files', () => {
  let ctx: TestContext;
  let merchant: Merchant;
  let wallets: { NGN: string; USD: string };
  let orderReference: string;

  beforeAll(async () => {
    ctx = await buildTestApp();
    merchant = await signUpMerchant(ctx.app, { businessName: 'Adaeze Foods, "Lagos"' });
    wallets = await walletIdsOf(ctx.app, merchant.userId);
    await fundWallet(ctx.app, wallets.NGN, 1_234_567);
    const product = await createProduct(ctx.app, merchant, {
      productName: '=Jollof, party tray',
      amount: 500_000,
    });
    const { transactionId } = await paymentRow(ctx.app, (await pay(ctx.app, product.recordId)).paymentId);
    const [sale] = await sqlRows<{ order_reference: string }>(
      ctx.app,
      sql`select order_reference from transactions where id = ${transactionId}`,
    );
    orderReference = sale?.order_reference ?? '';
  }, 60_000);
  afterAll(() => ctx.close());

  const statement = (
    query: Record<string, string>,
    headers: Record<string, string> = bearer(merchant.token),
    walletId = wallets.NGN,
  ) => getStatement(ctx.app, headers, walletId, query);

  it('answers CSV as an attachment named by currency and period: opening, each entry with its running balance, closing, totals', async () => {
    const response = await statement({ from: today(), to: today(), format: 'csv' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="bizdash-statement-NGN-${today()}-to-${today()}.csv"`,
    );
    const rows = parseCsv(response.body);
    const view = rows.map(([, description, reference, kind, moneyIn, moneyOut, balance, currency]) => [
      description,
      reference,
      kind,
      moneyIn,
      moneyOut,
      balance,
      currency,
    ]);
    expect(view).toEqual([
      ['description', 'reference', 'kind', 'in', 'out', 'balance', 'currency'],
      ['Opening balance', '', 'OPENING_BALANCE', '', '', '0.00', 'NGN'],
      ['test funding', expect.any(String), 'ADJUSTMENT', '12345.67', '', '12345.67', 'NGN'],
      ["'=Jollof, party tray", orderReference, 'PAYMENT', '5000.00', '', '17345.67', 'NGN'],
      [
        expect.stringMatching(/fee/i),
        orderReference,
        'FEE',
        '',
        expect.stringMatching(/^\d+\.\d{2}$/),
        expect.any(String),
        'NGN',
      ],
      ['Closing balance', '', 'CLOSING_BALANCE', '', '', expect.any(String), 'NGN'],
      ['Money in', '', 'TOTAL_IN', '17345.67', '', '', 'NGN'],
      ['Money out', '', 'TOTAL_OUT', '', rows[4]?.[5], '', 'NGN'],
      ['Fees', '', 'TOTAL_FEES', '', rows[4]?.[5], '', 'NGN'],
      ['Refunds', '', 'TOTAL_REFUNDS', '', '0.00', '', 'NGN'],
      ['Payouts', '', 'TOTAL_PAYOUTS', '', '0.00', '', 'NGN'],
    ]);
    expect(rows[5]?.[6]).toBe(rows[4]?.[6]);
    expect(rows[1]?.[0]).toBe(`${today()}T00:00:00.000Z`);
    expect(Date.parse(rows[2]?.[0] ?? '')).toBeLessThanOrEqual(Date.now());
  });

  it('answers a PDF: A4 pages, each "Page N of M", with the business, the wallet, the period and the balances in ₦ as selectable text', async () => {
    await backdatedHistory(ctx.app, wallets.NGN, { movements: 150, days: 20, seed: 7 });
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const response = await statement({ from, to: today(), format: 'pdf' });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="bizdash-statement-NGN-${from}-to-${today()}.pdf"`,
    );
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
    const pages = pdfPages(pdf);
    expect(pages.length).toBeGreaterThan(2);
    expect(pdfPageCount(pdf)).toBe(pages.length);
    pages.forEach((page, index) => {
      expect(page.split('\n')).toContain(`Page ${index + 1} of ${pages.length}`);
    });
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    // The font is in the file (a subset), and its characters map back to text: ₦ reads as ₦.
    expect(pdf.toString('latin1')).toContain('/FontFile2');
    const text = pdfText(pdf);
    expect(text).toContain('Adaeze Foods, "Lagos"');
    expect(text).toContain(merchant.email);
    expect(text).toContain('Account statement');
    expect(text).toContain('Naira wallet (NGN)');
    expect(text).toContain(`Wallet ID ${wallets.NGN}`);
    expect(text).toContain('Opening balance');
    expect(text).toContain('Closing balance');
    expect(text.split('\n')).toContain('₦12,345.67');
    expect(text).not.toMatch(/\d NGN/);
    expect(text).toContain(orderReference);
    expect(text).not.toContain('/Subtype /Image');
  }, 60_000);

  it("draws the business's uploaded logo at the top instead of its name", async () => {
    const png = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    const form = multipartBody([
      { name: 'file', filename: 'logo.png', contentType: 'image/png', bytes: png },
    ]);
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/document/${merchant.userId}/upload-checkout-logo`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(merchant.token) },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const { url } = upload.json() as { url: string };
    await dbOf(ctx.app).execute(
      sql`update users set checkout_logo_url = ${url} where id = ${merchant.userId}`,
    );
    const response = await statement({ from: today(), to: today(), format: 'pdf' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    await dbOf(ctx.app).execute(sql`update users set checkout_logo_url = null where id = ${merchant.userId}`);
  });

  it("answers 404 for another merchant's wallet and for no wallet at all, as for any id not yours", async () => {
    const other = await signUpMerchant(ctx.app);
    const query = { from: today(), to: today(), format: 'csv' };
    for (const walletId of [(await walletIdsOf(ctx.app, other.userId)).NGN, randomUUID()]) {
      const response = await statement(query, bearer(merchant.token), walletId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Wallet not found', code: 'NOT_FOUND' });
    }
  });

  it("gives an app's wallet with its user_id, naming the app under the business (what the font cannot draw as ?); the merchant's own wallet id then is 404", async () => {
    const { recordId: appId } = await createApp(ctx.app, merchant, 'Ikẹja branch 東');
    const appWallets = await walletIdsOf(ctx.app, appId);
    const headers = { ...bearer(merchant.token), user_id: appId };
    const response = await statement({ from: today(), to: today(), format: 'pdf' }, headers, appWallets.USD);
    expect(response.statusCode).toBe(200);
    // Noto Sans draws Yoruba's letters; a character it has no glyph for prints as '?', never as an empty box.
    const text = pdfText(response.rawPayload).split('\n');
    expect(text).toContain('App: Ikẹja branch ?');
    expect(text).toContain('Dollars wallet (USD)');
    expect(text).toContain('$0.00');
    const mine = await statement({ from: today(), to: today(), format: 'csv' }, headers, wallets.NGN);
    expect(mine.statusCode).toBe(404);
  });

  it('refuses a bad period or format with 400 and the rule it breaks', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ from: '2026-02-30', to: '2026-03-01', format: 'csv' }, 'from must be a date (YYYY-MM-DD)'],
      [{ from: '2026-03-01', to: 'yesterday', format: 'csv' }, 'to must be a date (YYYY-MM-DD)'],
      [{ to: '2026-03-01', format: 'csv' }, 'from must be a date (YYYY-MM-DD)'],
      [
        { from: '2026-03-02', to: '2026-03-01', format: 'csv' },
        'The start date must be on or before the end date.',
      ],
      [{ from: '2025-01-01', to: '2026-01-02', format: 'pdf' }, 'A statement covers at most 366 days'],
      [{ from: '2026-01-01', to: '2026-01-31', format: 'xlsx' }, 'format must be pdf or csv'],
      [{ from: '2026-01-01', to: '2026-01-31' }, 'format must be pdf or csv'],
    ];
    for (const [query, message] of cases) {
      const response = await statement(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json(), JSON.stringify(query)).toMatchObject({
        code: 'VALIDATION_ERROR',
        error: message,
      });
    }
    // A date that is no date is told once: no bounds or period rule computed from it follows in the details.
    for (const [query, path, message] of [
      [{ from: '2026-03-01', to: 'yesterday', format: 'csv' }, 'to', 'to must be a date (YYYY-MM-DD)'],
      [{ from: 'x', to: '2026-03-01', format: 'pdf' }, 'from', 'from must be a date (YYYY-MM-DD)'],
      [
        { from: '1999-12-31', to: '2026-03-01', format: 'pdf' },
        'from',
        'Dates must be between 1 Jan 2000 and 31 Dec 2099',
      ],
    ] as const) {
      const response = await statement(query);
      expect(response.json().details, JSON.stringify(query)).toEqual([{ path, message }]);
    }
    const leapYear = await statement({ from: '2028-01-01', to: '2028-12-31', format: 'csv' });
    expect(leapYear.statusCode).toBe(200);
    const notAWallet = await statement(
      { from: today(), to: today(), format: 'csv' },
      bearer(merchant.token),
      'x',
    );
    expect(notAWallet.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: 'Wallet ID is invalid' });
  });

  it('lets the roles that see balances download one, and refuses developer and support with 409 ROLE_REQUIRED', async () => {
    const query = { from: today(), to: today(), format: 'csv' };
    for (const role of ['finance', 'viewer'] as const) {
      const member = await addMember(ctx.app, merchant, role);
      expect((await statement(query, member.forBusiness)).statusCode, role).toBe(200);
    }
    for (const role of ['developer', 'support'] as const) {
      const member = await addMember(ctx.app, merchant, role);
      const response = await statement(query, member.forBusiness);
      expect(response.statusCode, role).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'ROLE_REQUIRED',
        error: roleRequiredMessage('money.read'),
      });
    }
  });
});
