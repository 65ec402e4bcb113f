import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearCredentials, startSession } from './credentials';
import { clearTwoFactorRequired, markTwoFactorRequired, useTwoFactorRequired } from './two-factor-required';

describe("A business's request for two-factor first", () => {
  it('stays until two-factor is on', () => {
    const { result } = renderHook(() => useTwoFactorRequired());
    expect(result.current).toBe(false);
    act(() => markTwoFactorRequired());
    expect(result.current).toBe(true);
    act(() => clearTwoFactorRequired());
    expect(result.current).toBe(false);
  });

  it('is forgotten when the person signs out, and when someone signs in', () => {
    markTwoFactorRequired();
    clearCredentials();
    expect(renderHook(() => useTwoFactorRequired()).result.current).toBe(false);
    markTwoFactorRequired();
    startSession({ token: 'next-token', userId: 'next-person' });
    expect(renderHook(() => useTwoFactorRequired()).result.current).toBe(false);
  });
});
