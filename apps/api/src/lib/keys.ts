import { createHmac, type webcrypto } from 'node:crypto';
import { errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';

/**
 * Every use of a key derived from the instance secret, named once here: each purpose has its own key, so what is
 * made for one use (an API key's hash, a sign-in challenge) never passes for another.
 */
type KeyPurpose =
  | 'api-keys'
  | 'bank-account-numbers'
  | 'file-links'
  | 'idempotency-request-hash'
  | 'known-device'
  | 'otp-codes'
  | 'sandbox-mailbox'
  | 'two-factor-recovery-codes'
  | 'two-factor-sign-in-challenge';

/** HMAC-SHA256, the one keyed hash here (the secret box derives its key with it too). */
export const hmacSha256 = (key: string | Uint8Array, message: string) =>
  createHmac('sha256', key).update(message).digest();

export interface Keys {
  /** The purpose's key: HMAC-SHA256(instance secret, purpose), the same in every process of a deployment. */
  derive(purpose: KeyPurpose): Buffer;
  /**
   * `message` hashed under the purpose's key. Many of these are stored (API keys, account numbers, recovery and
   * email codes, idempotency requests): purpose, message and encoding must stay as they are, or they stop matching.
   */
  hmac(purpose: KeyPurpose, message: string, encoding?: 'base64url' | 'hex'): string;
  /** A signed short-lived token (JWS compact, HS256 under the purpose's key) carrying `claims` for `seconds`. */
  signToken(purpose: KeyPurpose, claims: JWTPayload, seconds: number): Promise<string>;
  /** The claims of a token the purpose's key signed, unaltered and unexpired; null for anything else. */
  readToken(purpose: KeyPurpose, token: string): Promise<JWTPayload | null>;
}

/** The keys of one deployment, all derived from `secret` (JWT_SECRET, or the one kept in DATA_DIR). */
export function createKeys(secret: Uint8Array): Keys {
  const derived = new Map<KeyPurpose, Buffer>();
  const derive = (purpose: KeyPurpose) => {
    let key = derived.get(purpose);
    if (!key) {
      key = hmacSha256(secret, purpose);
      derived.set(purpose, key);
    }
    return key;
  };
  // A WebCrypto key imported once per purpose: given raw bytes, jose imports one on every call.
  const signing = new Map<KeyPurpose, Promise<webcrypto.CryptoKey>>();
  const signingKey = (purpose: KeyPurpose) => {
    let key = signing.get(purpose);
    if (!key) {
      key = crypto.subtle.importKey('raw', derive(purpose), { name: 'HMAC', hash: 'SHA-256' }, false, [
        'sign',
        'verify',
      ]);
      signing.set(purpose, key);
    }
    return key;
  };
  return {
    derive,
    hmac: (purpose, message, encoding = 'base64url') =>
      hmacSha256(derive(purpose), message).toString(encoding),
    signToken: async (purpose, claims, seconds) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
        .sign(await signingKey(purpose)),
    readToken: async (purpose, token) => {
      try {
        const verified = await jwtVerify(token, await signingKey(purpose), {
          algorithms: ['HS256'],
          requiredClaims: ['exp'],
        });
        return verified.payload;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
