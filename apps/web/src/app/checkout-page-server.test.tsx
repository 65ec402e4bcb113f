import type { CheckoutProduct } from '@bizdash/shared';
import { buildCheckoutProduct } from '@/features/checkout/testing/factories';
import { renderCheckoutPage } from './checkout-page-server';

const ORIGIN = 'https://pay.example.com';
const withLogo = (checkoutLogUrl: string) =>
  buildCheckoutProduct({ merchant: { businessName: 'Okafor Textiles', checkoutLogUrl } });

/** As the API draws it: with no window (nor its location), which the suite's own clean-up then gets back. */
function renderOnServer(product: CheckoutProduct): string {
  vi.stubGlobal('window', undefined);
  try {
    return renderCheckoutPage(product, ORIGIN);
  } finally {
    vi.unstubAllGlobals();
  }
}

describe('the checkout page drawn on the server', () => {
  it('draws the product of a merchant with a logo stored on this site, logo included', () => {
    const html = renderOnServer(withLogo(`${ORIGIN}/api/files/logo-1`));
    expect(html).toContain('Ankara fabric bundle');
    expect(html).toContain('Okafor Textiles');
    expect(html).toContain(`src="${ORIGIN}/api/files/logo-1"`);
    expect(html).not.toContain('Loading checkout');
  });

  it("draws the monogram, not a logo from another host, for a page served from this site's origin", () => {
    const html = renderOnServer(withLogo('https://elsewhere.example.net/logo.png'));
    expect(html).toContain('Ankara fabric bundle');
    expect(html).not.toContain('elsewhere.example.net');
    expect(html).toContain('data-testid="merchant-monogram"');
  });

  it('draws a logo given as a path on this site', () => {
    const html = renderOnServer(withLogo('/api/files/logo-2'));
    expect(html).toContain('src="/api/files/logo-2"');
    expect(html).toContain('Ankara fabric bundle');
  });

  it("says a product no longer sells (an archived one, or any of an archived app's), with no card form", () => {
    const html = renderOnServer(buildCheckoutProduct({ availability: 'ARCHIVED', quantityAvailable: 0 }));
    expect(html).toContain('This product is no longer available');
    expect(html).toContain('Okafor Textiles no longer sells Ankara fabric bundle through this link.');
    expect(html).not.toContain('Card number');
  });
});
