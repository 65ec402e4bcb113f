import { readFile } from 'node:fs/promises';
import { createMerchant, expect, openAs, test } from '../support/fixtures';
import { saveScreenshot } from '../support/helpers';

test.use({ viewport: { width: 1280, height: 800 } });

/** A small but real PDF: the server decides the type from these bytes. */
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

test('uploads two documents, shows their real sizes and deletes one', async ({ page, request }, testInfo) => {
  const merchant = await createMerchant(request);
  await openAs(page, merchant, '/settings/documents');
  await expect(page.getByRole('heading', { name: 'Business Documents' })).toBeVisible();

  const articles = pdf('articles of incorporation'.repeat(40));
  await page
    .getByLabel('Upload Document: Articles of Incorporation')
    .locator('input[type=file]')
    .setInputFiles({ name: 'articles.pdf', mimeType: 'application/pdf', buffer: articles });
  await expect(page.getByText('Documents uploaded successfully')).toBeVisible();
  await expect(page.getByText('articles.pdf')).toBeVisible();
  await expect(
    page.getByText(`Articles of Incorporation · ${Math.round(articles.length / 1024)} KB`),
  ).toBeVisible();

  const tax = pdf('tax');
  await page
    .getByLabel('Upload Document: Business Tax ID Number')
    .locator('input[type=file]')
    .setInputFiles({ name: 'tax-id.pdf', mimeType: 'application/pdf', buffer: tax });
  await expect(page.getByText('tax-id.pdf')).toBeVisible();
  await expect(page.getByText(`Business Tax ID Number · ${tax.length} B`)).toBeVisible();
  await saveScreenshot(page, testInfo, 'documents-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, testInfo, 'documents-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Download follows a link signed for 5 minutes: the browser's own download, no token in the request.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download tax-id.pdf' }).click();
  const download = await downloading;
  expect(download.url()).toMatch(/\/api\/files\/[0-9a-f-]{36}\/signed\?expires=\d+&signature=[\w-]+$/);
  expect(download.suggestedFilename()).toBe('tax-id.pdf');
  const saved = await download.path();
  expect(await readFile(saved)).toEqual(tax);

  await page.getByRole('button', { name: 'Delete articles.pdf' }).click();
  await page.getByRole('button', { name: 'Delete document' }).click();
  await expect(page.getByText('Documents deleted successfully')).toBeVisible();
  await expect(page.getByText('articles.pdf')).toHaveCount(0);
  await expect(page.getByText('tax-id.pdf')).toBeVisible();
  await expect(page.getByLabel('Upload Document: Articles of Incorporation')).toBeVisible();
});
