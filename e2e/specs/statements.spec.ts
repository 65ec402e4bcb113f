import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { createMerchant, expect, type Merchant, openAs, test } from '../support/fixtures';
import { customerPays, merchantHeaders } from '../support/funding';

const STATEMENT_FILE = /^bizdash-statement-NGN-(\d{4}-\d{2}-\d{2})-to-(\d{4}-\d{2}-\d{2})\.(pdf|csv)$/;

/** A merchant whose Naira account took one card sale of 12,500.00, on its account page. */
async function accountPage(page: Page, merchant: Merchant, request: Parameters<typeof createMerchant>[0]) {
  await customerPays(request, merchant, { price: 1_250_000, currency: 'NGN', productName: 'Adire wrapper' });
  const answer = await request.get('/api/wallets', { headers: merchantHeaders(merchant) });
  const { wallets } = (await answer.json()) as { wallets: { walletId: string; currency: string }[] };
  const naira = wallets.find((wallet) => wallet.currency === 'NGN')?.walletId ?? '';
  await openAs(page, merchant, `/accounts/${naira}`);
}

/** Opens Statements, sets the dialog up with `choose`, downloads, and answers the file's name and bytes. */
async function downloadStatement(
  page: Page,
  choose: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await page.getByRole('button', { name: 'Statements', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'NGN statement' });
  await choose(dialog);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  await expect(dialog).toBeHidden();
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("downloads this month's statement of an account as PDF, then as CSV with the sale on it", async ({
    page,
    request,
  }) => {
    const merchant = await createMerchant(request);
    await accountPage(page, merchant, request);

    const pdf = await downloadStatement(page, async () => {});
    const [, from, to] = STATEMENT_FILE.exec(pdf.name) ?? [];
    expect(pdf.name, 'named by currency and this month').toMatch(STATEMENT_FILE);
    expect(from?.endsWith('-01')).toBe(true);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.bytes.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
    await expect(page.getByText(`Downloaded ${pdf.name}`)).toBeVisible();

    const csv = await downloadStatement(page, async (dialog) => {
      await dialog.getByRole('button', { name: 'CSV' }).click();
    });
    expect(csv.name).toBe(`bizdash-statement-NGN-${from}-to-${to}.csv`);
    const lines = csv.bytes.toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('date,description,reference,kind,in,out,balance,currency');
    expect(lines[1]).toMatch(/,Opening balance,,OPENING_BALANCE,,,0\.00,NGN$/);
    expect(lines.some((line) => /,Adire wrapper,[^,]+,PAYMENT,12500\.00,,12500\.00,NGN$/.test(line))).toBe(
      true,
    );
    expect(lines.some((line) => line.includes(',CLOSING_BALANCE,'))).toBe(true);
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('chooses a custom range in the dialog, refusing one over a year before anything is sent', async ({
    page,
    request,
  }) => {
    const merchant = await createMerchant(request);
    await accountPage(page, merchant, request);
    const sent: string[] = [];
    page.on('request', (each) => {
      if (each.url().includes('/statement?')) sent.push(each.url());
    });

    const file = await downloadStatement(page, async (dialog) => {
      await dialog.getByRole('button', { name: 'Custom range' }).click();
      await dialog.getByRole('textbox', { name: 'From' }).fill('2025-01-01');
      await dialog.getByRole('textbox', { name: 'To' }).fill('2026-01-02');
      await dialog.getByRole('textbox', { name: 'To' }).blur();
      await expect(dialog.getByText('A statement covers at most 366 days')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Download' })).toBeDisabled();
      await dialog.getByRole('textbox', { name: 'To' }).fill('2025-12-31');
      await dialog.getByRole('textbox', { name: 'To' }).blur();
      await expect(dialog.getByRole('button', { name: 'Download' })).toBeInViewport();
    });
    expect(file.name).toBe('bizdash-statement-NGN-2025-01-01-to-2025-12-31.pdf');
    expect(sent).toHaveLength(1);
  });
});
