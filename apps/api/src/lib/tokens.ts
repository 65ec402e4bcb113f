import { randomUUID } from 'node:crypto';
import { uuidField } from '@bizdash/shared';
import { errors, jwtVerify, SignJWT } from 'jose';
import { resolveInstanceSecret } from './instance-secret.ts';

interface TokenClaims {
  userId: string;
  tokenVersion: number;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** Returns null for anything but a valid, unexpired HS256 token carrying our claims. */
  verify(token: string): Promise<TokenClaims | null>;
}

export async function createTokenService(secretBytes: Uint8Array, ttl: string): Promise<TokenService> {
  // A WebCrypto key imported once: given raw bytes or a KeyObject, jose imports one on every call (half its cost).
  const secret = await crypto.subtle.importKey('raw', secretBytes, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  return {
    sign: ({ userId, tokenVersion }) =>
      new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(ttl)
        .sign(secret),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (!uuidField.safeParse(payload.sub).success || !Number.isSafeInteger(payload.tv)) return null;
        return { userId: payload.sub as string, tokenVersion: payload.tv as number };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

/** JWT_SECRET when configured; otherwise one generated on first start and kept in DATA_DIR so sessions survive restarts. */
export async function resolveJwtSecret(configured: string | undefined, dataDir: string): Promise<Uint8Array> {
  return new TextEncoder().encode(await resolveInstanceSecret(configured, dataDir, 'jwt-secret'));
}
