import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey, useAttemptKey } from './idempotency-key';

describe('useAttemptKey', () => {
  it('gives the same details the same key and other details a new one', () => {
    const { result } = renderHook(() => useAttemptKey());
    const keyFor = result.current;
    const first = keyFor({ quantity: 1, card: '4242' });
    expect(keyFor({ quantity: 1, card: '4242' })).toBe(first);
    const changed = keyFor({ quantity: 2, card: '4242' });
    expect(changed).not.toBe(first);
    expect(keyFor({ quantity: 1, card: '4242' })).not.toBe(first);
  });
});

describe('newIdempotencyKey', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is random even where crypto.randomUUID is missing (plain http)', () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});
