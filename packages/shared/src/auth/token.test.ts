import { describe, expect, it } from 'vitest';
import { isTokenExpired } from './token.ts';

const encode = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenWith = (payload: object) => `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
const now = new Date('2026-11-22T12:00:00Z');
const nowSeconds = now.getTime() / 1000;

describe('isTokenExpired', () => {
  it('is false while exp lies in the future', () => {
    expect(isTokenExpired(tokenWith({ exp: nowSeconds + 60 }), now)).toBe(false);
  });

  it('is true at or after exp', () => {
    expect(isTokenExpired(tokenWith({ exp: nowSeconds }), now)).toBe(true);
    expect(isTokenExpired(tokenWith({ exp: nowSeconds - 1 }), now)).toBe(true);
  });

  it('is true without an exp claim, for undecodable tokens and for no token', () => {
    expect(isTokenExpired(tokenWith({ sub: 'someone' }), now)).toBe(true);
    expect(isTokenExpired('garbage', now)).toBe(true);
    expect(isTokenExpired('a.%%%.c', now)).toBe(true);
    expect(isTokenExpired(null, now)).toBe(true);
  });
});
