import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { getCredentials, getPendingHandOver, setCredentials } from '@/lib/credentials';
import { buildToken, USER_ID } from '@/testing/factories';
import { startupLoader } from './loaders';

const OTHER_USER_ID = '5f0e9d8c-7b6a-4c5d-8e4f-3a2b1c0d9e8f';
const linkToken = buildToken({ expiresInSeconds: 7200 });

function open(address: string) {
  return startupLoader({ request: new Request(`http://localhost${address}`) } as LoaderFunctionArgs);
}

function redirectedTo(result: unknown): string | null {
  return result instanceof Response ? result.headers.get('Location') : null;
}

afterEach(() => window.sessionStorage.clear());

describe('startupLoader', () => {
  it('does nothing for an address without token and id', () => {
    expect(open('/transactions/credit?page=2')).toBeNull();
    expect(open(`/dashboard?token=${linkToken}`)).toBeNull();
  });

  it('signs in with the link when nobody is signed in, and leaves the rest of the address as it was', () => {
    const result = open(`/transactions/credit?page=2&token=${linkToken}&id=${OTHER_USER_ID}#top`);

    expect(redirectedTo(result)).toBe('/transactions/credit?page=2#top');
    expect(getCredentials()).toEqual({ token: linkToken, userId: OTHER_USER_ID });
    expect(getPendingHandOver()).toBeNull();
  });

  it('takes the fresh token of the merchant who is already signed in without asking', () => {
    setCredentials({ token: buildToken(), userId: USER_ID });
    const result = open(`/products?token=${linkToken}&id=${USER_ID}`);

    expect(redirectedTo(result)).toBe('/products');
    expect(getCredentials()).toEqual({ token: linkToken, userId: USER_ID });
  });

  it('asks first when a different merchant is signed in, keeping the link in this tab only', () => {
    const current = { token: buildToken(), userId: USER_ID };
    setCredentials(current);
    const result = open(`/products?page=3&token=${linkToken}&id=${OTHER_USER_ID}`);

    expect(redirectedTo(result)).toBe('/switch-account');
    expect(getCredentials()).toEqual(current);
    expect(window.localStorage.getItem('credentials')).not.toContain(linkToken);
    expect(getPendingHandOver()).toEqual({
      credentials: { token: linkToken, userId: OTHER_USER_ID },
      path: '/products?page=3',
    });
  });

  it("does not ask on behalf of a session that has expired: there is nobody's account left to protect", () => {
    setCredentials({ token: buildToken({ expiresInSeconds: -1 }), userId: USER_ID });
    const result = open(`/products?token=${linkToken}&id=${OTHER_USER_ID}`);

    expect(redirectedTo(result)).toBe('/products');
    expect(getCredentials()).toEqual({ token: linkToken, userId: OTHER_USER_ID });
    expect(getPendingHandOver()).toBeNull();
  });
});
