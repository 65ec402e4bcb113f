/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the API; same origin '/api' unless the API is hosted elsewhere. */
  readonly VITE_API_BASE_URL?: string;
  /** Where a signed-out merchant is sent; may be the provider's host. */
  readonly VITE_SIGNIN_URL?: string;
  /** Base address of the public checkout page a payment link points at. */
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
