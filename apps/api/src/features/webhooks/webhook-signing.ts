import { randomBytes } from 'node:crypto';

/** A Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes (the library's own format). */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** Sealed secrets are bound to their endpoint: one copied to another row does not open. */
export const secretContext = (endpointId: string) => `webhook-secret:${endpointId}`;
