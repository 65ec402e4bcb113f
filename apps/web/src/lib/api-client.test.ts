import { UserSchema } from '@bizdash/shared';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { buildToken, USER_ID } from '@/testing/factories';
import { recordRequests } from '@/testing/mocks/requests';
import { server } from '@/testing/mocks/server';
import { actFor, getActingApp } from './acting-profile';
import { apiDownload, apiRequest, filenameFromContentDisposition, NETWORK_ERROR_MESSAGE } from './api-client';
import { ApiError } from './api-error';
import { clearCredentials, getCredentials, setCredentials } from './credentials';
import { registerNavigator } from './navigation';

/** Answers every API call so: the client's own tests feed it whatever a server, proxy or broken network may send. */
function answerAll(respond: () => Response | Promise<Response>) {
  server.use(http.all('/api/*', respond));
  return recordRequests();
}

const json = (body: unknown, status = 200) => HttpResponse.json(body as never, { status });

async function failureText(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return (error as ApiError).message;
}

describe('apiRequest', () => {
  it('sends the bearer token, user id, source system, request time and no-cache headers', async () => {
    const token = buildToken();
    setCredentials({ token, userId: USER_ID });
    const requests = recordRequests();

    await apiRequest(`/users/${USER_ID}`, { schema: UserSchema });

    const headers = requests[0]?.headers;
    expect(requests[0]?.url).toBe(`/api/users/${USER_ID}`);
    expect(headers?.get('Authorization')).toBe(`Bearer ${token}`);
    expect(headers?.get('user_id')).toBe(USER_ID);
    expect(headers?.get('source_system')).toBe('bizdash');
    expect(headers?.get('Cache-Control')).toBe('no-cache');
    const requestTime = headers?.get('request_time') ?? '';
    expect(new Date(requestTime).toISOString()).toBe(requestTime);
  });

  it('sends no Authorization header when the stored token has expired', async () => {
    setCredentials({ token: buildToken({ expiresInSeconds: -10 }), userId: USER_ID });
    const requests = answerAll(() => json({ ok: true }));

    await apiRequest('/health');

    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    const requests = answerAll(() => json({ ok: true }));
    await apiRequest('/health');
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
    expect(requests[0]?.headers.has('user_id')).toBe(false);
  });

  it('sends a JSON body and query parameters', async () => {
    const requests = answerAll(() => json({ message: 'sent' }));
    await apiRequest('/users/otp', {
      method: 'POST',
      query: { email: 'a b@x.com' },
      body: { otp: '123456' },
    });
    expect(requests[0]?.url).toBe('/api/users/otp?email=a+b%40x.com');
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(requests[0]?.body).toEqual({ otp: '123456' });
  });

  it("sends the caller's extra headers beside the SPEC ones", async () => {
    const requests = answerAll(() => json({ ok: true }, 201));
    await apiRequest('/checkout/products/1/payments', {
      method: 'POST',
      auth: false,
      body: {},
      headers: { 'Idempotency-Key': 'attempt-0001' },
    });
    expect(requests[0]?.headers.get('Idempotency-Key')).toBe('attempt-0001');
    expect(requests[0]?.headers.get('source_system')).toBe('bizdash');
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  describe('error text', () => {
    it("prefers the server's error field", async () => {
      answerAll(() => json({ error: 'Email already used', message: 'Conflict', code: 'CONFLICT' }, 409));
      expect(await failureText(apiRequest('/x', { defaultError: 'Unable to add account' }))).toBe(
        'Email already used',
      );
    });

    it("falls back to the server's message field", async () => {
      answerAll(() => json({ message: 'Bank is offline' }, 502));
      expect(await failureText(apiRequest('/x', { defaultError: 'Unable to add account' }))).toBe(
        'Bank is offline',
      );
    });

    it("falls back to the client's message when the server could not be reached", async () => {
      answerAll(() => HttpResponse.error());
      expect(await failureText(apiRequest('/x', { defaultError: 'Unable to add account' }))).toBe(
        NETWORK_ERROR_MESSAGE,
      );
    });

    it("falls back to the caller's default when the server says nothing", async () => {
      answerAll(() => new HttpResponse('upstream exploded', { status: 500 }));
      expect(await failureText(apiRequest('/x', { defaultError: 'Unable to fetch transactions' }))).toBe(
        'Unable to fetch transactions',
      );
    });

    it('uses the generic default when the caller gives none', async () => {
      answerAll(() => new HttpResponse(null, { status: 500 }));
      expect(await failureText(apiRequest('/x'))).toBe('Something went wrong. Please try again!');
    });

    it("uses the caller's default when a response breaks the shared schema", async () => {
      answerAll(() => json({ recordId: 'nope' }));
      expect(
        await failureText(
          apiRequest('/users/1', { schema: UserSchema, defaultError: 'Unable to fetch user information' }),
        ),
      ).toBe('Unable to fetch user information');
    });
  });

  describe('rate limits (429)', () => {
    it("shows the server's sentence, which says how long to wait", async () => {
      answerAll(() =>
        json({ error: 'Too many attempts. Try again in 12 minutes.', code: 'RATE_LIMITED' }, 429),
      );
      expect(await failureText(apiRequest('/x', { defaultError: 'Unable to get OTP' }))).toBe(
        'Too many attempts. Try again in 12 minutes.',
      );
    });

    it.each([
      ['690', 'Too many attempts. Try again in 12 minutes.'],
      ['60', 'Too many attempts. Try again in 1 minute.'],
      ['5', 'Too many attempts. Try again in 1 minute.'],
      ['soon', 'Too many attempts. Try again later.'],
    ])('builds the sentence from Retry-After %j when the answer has no text', async (retryAfter, text) => {
      answerAll(
        () => new HttpResponse('Too Many Requests', { status: 429, headers: { 'Retry-After': retryAfter } }),
      );
      expect(await failureText(apiRequest('/x', { defaultError: 'Unable to get OTP' }))).toBe(text);
    });

    it('reads a Retry-After given as a date', async () => {
      const inTenMinutes = new Date(Date.now() + 10 * 60_000).toUTCString();
      answerAll(() => new HttpResponse(null, { status: 429, headers: { 'Retry-After': inTenMinutes } }));
      expect(await failureText(apiRequest('/x'))).toMatch(
        /^Too many attempts\. Try again in (9|10) minutes\.$/,
      );
    });
  });

  it.each([401, 403])('clears the credentials and goes to sign-in on %i', async (status) => {
    setCredentials({ token: buildToken(), userId: USER_ID });
    const navigate = vi.fn();
    registerNavigator(navigate);
    answerAll(() => json({ error: 'Token expired', code: 'UNAUTHORIZED' }, status));

    await expect(apiRequest(`/users/${USER_ID}`)).rejects.toThrow('Token expired');

    expect(getCredentials()).toBeNull();
    expect(window.localStorage.getItem('credentials')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/signin');
  });

  it('acts as another account when asked: its token and id, and its 401 signs nobody out', async () => {
    const stored = { token: buildToken(), userId: USER_ID };
    setCredentials(stored);
    const navigate = vi.fn();
    registerNavigator(navigate);
    const other = { token: buildToken({ expiresInSeconds: 7200 }), userId: 'other-user' };
    const requests = answerAll(() => json({ error: 'Unauthorized', code: 'UNAUTHORIZED' }, 401));

    await expect(apiRequest('/users/other-user', { actAs: other })).rejects.toThrow('Unauthorized');

    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${other.token}`);
    expect(requests[0]?.headers.get('user_id')).toBe('other-user');
    expect(getCredentials()).toEqual(stored);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps the user on the page for a 401 from a public call such as sign-in', async () => {
    const navigate = vi.fn();
    registerNavigator(navigate);
    answerAll(() => json({ error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }, 401));

    await expect(apiRequest('/auth/signin', { method: 'POST', auth: false, body: {} })).rejects.toThrow(
      'Invalid email or password',
    );
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('the user_id header while the dashboard acts for an app', () => {
  const APP_ID = '0b6d1f0e-7a44-4e55-9c1e-2f1f0d7c9a10';
  const OTHER_APP_ID = '7e91b0c2-5d3a-4c8e-9f20-1a4b6c8d0e22';

  it('names the app on business calls, and whoever a path or body names otherwise', async () => {
    setCredentials({ token: buildToken(), userId: USER_ID });
    actFor({ appId: APP_ID, name: 'Lagos Shop' });
    const requests = answerAll(() => json({}));

    await apiRequest('/wallets');
    await apiRequest(`/users/${USER_ID}/change-password`, { method: 'PUT', body: {} });
    await apiRequest(`/document/${USER_ID}`);
    await apiRequest(`/users/${OTHER_APP_ID}`);
    await apiRequest('/transaction/search', { method: 'POST', body: { userId: OTHER_APP_ID } });
    await apiRequest('/users/register', { method: 'POST', body: {}, actFor: USER_ID });
    actFor(null);
    await apiRequest('/wallets');

    expect(requests.map((request) => request.headers.get('user_id'))).toEqual([
      APP_ID,
      USER_ID,
      USER_ID,
      OTHER_APP_ID,
      OTHER_APP_ID,
      USER_ID,
      USER_ID,
    ]);
  });

  it('falls back to the merchant when the API no longer knows the app', async () => {
    setCredentials({ token: buildToken(), userId: USER_ID });
    actFor({ appId: APP_ID, name: 'Lagos Shop' });
    answerAll(() => json({ error: 'Transaction not found', code: 'NOT_FOUND' }, 404));
    await expect(apiRequest('/transaction/x')).rejects.toThrow('Transaction not found');
    expect(getActingApp()).not.toBeNull();

    answerAll(() => json({ error: 'User not found', code: 'NOT_FOUND' }, 404));
    await expect(apiRequest('/wallets')).rejects.toThrow('User not found');
    expect(getActingApp()).toBeNull();
  });

  it('ignores a choice stored under another merchant, and sign-out forgets it', () => {
    setCredentials({ token: buildToken(), userId: USER_ID });
    actFor({ appId: APP_ID, name: 'Lagos Shop' });
    setCredentials({ token: buildToken(), userId: OTHER_APP_ID });
    expect(getActingApp()).toBeNull();
    setCredentials({ token: buildToken(), userId: USER_ID });
    expect(getActingApp()).toEqual({ appId: APP_ID, name: 'Lagos Shop' });
    clearCredentials();
    setCredentials({ token: buildToken(), userId: USER_ID });
    expect(getActingApp()).toBeNull();
  });
});

describe('apiDownload', () => {
  it('sends the SPEC headers and returns the file with the name the server gives it', async () => {
    const token = buildToken();
    setCredentials({ token, userId: USER_ID });
    const requests = answerAll(
      () =>
        new HttpResponse('id,amount\r\n', {
          headers: { 'Content-Disposition': 'attachment; filename="bizdash-transactions-2026-03-05.csv"' },
        }),
    );

    const file = await apiDownload('/transaction/export', {
      method: 'POST',
      body: { type: 'DEBIT' },
      accept: 'text/csv',
    });

    expect(await file.blob.text()).toBe('id,amount\r\n');
    expect(file.filename).toBe('bizdash-transactions-2026-03-05.csv');
    expect(requests[0]?.body).toEqual({ type: 'DEBIT' });
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(requests[0]?.headers.get('user_id')).toBe(USER_ID);
    expect(requests[0]?.headers.get('Accept')).toBe('text/csv');
  });

  it("fails with the server's error text, else the default", async () => {
    setCredentials({ token: buildToken(), userId: USER_ID });
    answerAll(() => json({ error: 'Unknown channel' }, 400));
    const options = {
      method: 'POST',
      accept: 'text/csv',
      defaultError: 'Unable to export transactions',
    } as const;
    expect(await failureText(apiDownload('/transaction/export', options))).toBe('Unknown channel');

    answerAll(() => new HttpResponse(null, { status: 500 }));
    expect(await failureText(apiDownload('/transaction/export', options))).toBe(
      'Unable to export transactions',
    );
  });
});

describe('filenameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="report.csv"', 'report.csv'],
    ['attachment; filename=report.csv', 'report.csv'],
    ["attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.csv", 'résumé.csv'],
    ['attachment', null],
    [null, null],
  ])('reads %j as %j', (header, name) => {
    expect(filenameFromContentDisposition(header)).toBe(name);
  });
});
