function trimTrailingSlash(value: string): string {
  return value.endsWith('/') ? value.slice(0, -1) : value;
}

const env = import.meta.env;

/** The SPEC's three configured addresses; each has a same-origin default so a fresh install works as is. */
export const config = {
  apiBaseUrl: trimTrailingSlash(env.VITE_API_BASE_URL || '/api'),
  signInUrl: env.VITE_SIGNIN_URL || '/signin',
  paymentLinkBaseUrl: trimTrailingSlash(env.VITE_PAYMENT_LINK_BASE_URL || '/pay'),
  apiDocsUrl: '/api/docs',
} as const;

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong. Please try again!';
