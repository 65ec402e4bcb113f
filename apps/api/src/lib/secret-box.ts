import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { hmacSha256 } from './keys.ts';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts small secrets at rest (two-factor secrets, bank account numbers) with AES-256-GCM. Each sealed value is
 * bound to a context (for example `two-factor:<userId>`) as authenticated data, so a value copied to another row or
 * purpose does not open. The key comes from SECRETS_KEY or a file in DATA_DIR (resolveInstanceSecret), not from the
 * database it protects.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /** Throws when the value was altered, sealed for another context or under another key. */
  open(sealed: string, context: string): string;
}

export function createSecretBox(secret: string): SecretBox {
  const key = hmacSha256(secret, 'bizdash secret box v1');
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed, context) {
      const [version, ivText, bodyText] = sealed.split('.');
      if (version !== VERSION || !ivText || !bodyText) throw new Error('not a sealed secret');
      const iv = Buffer.from(ivText, 'base64url');
      const body = Buffer.from(bodyText, 'base64url');
      if (iv.length !== IV_BYTES || body.length < TAG_BYTES) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(body.subarray(0, body.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
