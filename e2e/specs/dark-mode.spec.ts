import type { Page } from '@playwright/test';
import { createMerchant, expect, openAs, test } from '../support/fixtures';
import { customerPays } from '../support/funding';
import { saveScreenshot } from '../support/helpers';

// Dark mode (issue 25 §3): light, dark or the system's, chosen in the top bar and kept per browser, on <html>
// before the first paint. Every page in both themes is checked by themes.spec.ts.

/**
 * How light the page's background is, 0 (black) to 1 (white). Polled: with reduced motion every change of colour
 * is a 0.01 ms transition (index.css), which reads as the old colour until the page draws its next frame.
 */
function backgroundLightness(page: Page) {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [red = 0, green = 0, blue = 0] = context.getImageData(0, 0, 1, 1).data;
    return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255;
  });
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

/** The app's code answers empty: what the page shows is what index.html's own script and the stylesheet did. */
async function withoutAppCode(page: Page) {
  await page.route('**/assets/*.js', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
}

test.describe('dark mode', () => {
  test.use({ colorScheme: 'light' });

  test('Dark chosen in the top bar turns every open tab dark and stays for the next visit; System follows the system again', async ({
    page,
    request,
  }) => {
    const merchant = await createMerchant(request);
    await openAs(page, merchant, '/dashboard/recents');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    expect(await isDark(page)).toBe(false);
    const otherTab = await page.context().newPage();
    await otherTab.goto('/settings');
    await expect(otherTab.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    // A tab in the background draws no frames: the choice is made in the one in front.
    await page.bringToFront();

    await page.getByRole('button', { name: 'Theme: System' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass('dark');
    await expect.poll(() => backgroundLightness(page)).toBeLessThan(0.1);
    // The other tab hears of it from the browser (a storage event) and turns dark without a reload.
    await expect(otherTab.locator('html')).toHaveClass('dark');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Theme: Dark' })).toBeVisible();
    expect(await isDark(page)).toBe(true);

    await page.getByRole('button', { name: 'Theme: Dark' }).click();
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    await expect(page.locator('html')).not.toHaveClass('dark');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass('dark');
    await otherTab.close();
  });

  test('a stored choice is on the page before any of the app’s code runs, whatever the system says', async ({
    page,
    request,
  }, testInfo) => {
    const merchant = await createMerchant(request);
    await openAs(page, merchant, '/dashboard/recents');
    await page.getByRole('button', { name: 'Theme: System' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass('dark');

    // A load with no init script and no app code at all: only index.html's script can have put the class there.
    await withoutAppCode(page);
    await page.goto('/signin');
    await expect(page.getByRole('heading', { name: 'Sign in to Bizdash' })).toBeVisible();
    expect(await isDark(page)).toBe(true);
    await expect.poll(() => backgroundLightness(page)).toBeLessThan(0.1);
    await saveScreenshot(page, testInfo, 'dark-first-paint-sign-in', { fullPage: false });
  });

  test('with no choice, a dark system gets the checkout drawn by the server dark before any script of the app runs', async ({
    page,
    request,
  }, testInfo) => {
    const merchant = await createMerchant(request);
    const { productId } = await customerPays(request, merchant, {
      price: 8_500_00,
      currency: 'NGN',
      productName: 'Indigo throw',
    });
    await page.emulateMedia({ colorScheme: 'dark' });
    await withoutAppCode(page);
    await page.goto(`/pay/${productId}`);
    await expect(page.getByRole('heading', { name: 'Indigo throw', level: 1 })).toBeVisible();
    expect(await isDark(page)).toBe(true);
    await expect.poll(() => backgroundLightness(page)).toBeLessThan(0.1);
    await saveScreenshot(page, testInfo, 'dark-first-paint-checkout', { fullPage: false });

    // The system turns light while the page is open: the page follows.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).not.toHaveClass('dark');
    await expect.poll(() => backgroundLightness(page)).toBeGreaterThan(0.9);
  });
});
