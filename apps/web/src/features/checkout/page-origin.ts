import { createContext, useContext } from 'react';

/**
 * The origin the checkout page is served from. In the browser that is the page's own; the server that draws the
 * page with its product (app/checkout-page-server.tsx) has no window and says which origin the page is for.
 */
const PageOriginContext = createContext<string | null>(null);

export const PageOriginProvider = PageOriginContext.Provider;

export function usePageOrigin(): string {
  return useContext(PageOriginContext) ?? window.location.origin;
}
