function trimTrailingSlash(value: string): string {
  return value.endsWith('/') ? value.slice(0, -1) : value;
}

const env = import.meta.env;

/**
 * The SPEC's configured addresses, each with a same-origin default so a fresh install works as is. The third,
 * the payment-link base, is the server's PAYMENT_LINK_BASE_URL: products arrive with their full link.
 */
export const config = {
  apiBaseUrl: trimTrailingSlash(env.VITE_API_BASE_URL || '/api'),
  signInUrl: env.VITE_SIGNIN_URL || '/signin',
  apiDocsUrl: '/api/docs',
} as const;

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong. Please try again!';
