import type { CheckoutPayment } from '@bizdash/shared';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, merchantInput, signUpMerchant } from '../../helper.ts';
import { nubanOf } from '../banks/bank-fixtures.ts';
import { createProduct, startBody } from '../checkout/checkout-fixtures.ts';

/*
 * Every route of the OpenAPI document gets a few hundred generated requests: values shaped by the route's own
 * schemas, wrong types, hostile strings (control characters, injections, huge texts, impossible dates) and ids
 * of the merchant's own rows, of nobody's, and of nothing. Whatever comes in, the answer is never a 5xx and never
 * shows a stack trace, SQL or a file path.
 */

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};

const RUNS = Number(process.env.FUZZ_RUNS) || (process.env.CI ? 120 : 60);
// The same inputs on every run, so CI is repeatable; explore others with FUZZ_SEED=$RANDOM FUZZ_RUNS=2000.
const SEED = Number(process.env.FUZZ_SEED) || 20_261_123;

/** Never shown to a client: a stack frame, a source or package path, SQL, or a database error. */
const LEAKS =
  /\bat [\w$.<>]+ \(|\.ts:\d+|\.js:\d+|node_modules|\/work\/|\/home\/|\bselect\b.+\bfrom\b|\binsert into\b|\bupdate\b.+\bset\b|violates|syntax error|duplicate key|pg_|drizzle/i;

const ctx = await buildTestApp();
const merchant = await signUpMerchant(ctx.app);
const leaving = await signUpMerchant(ctx.app); // logout revokes its tokens; everyone else keeps theirs
const signingOut = await signUpMerchant(ctx.app); // "sign out everywhere" revokes its other sessions
/** Whose token and user id a route's requests carry: the routes that end sessions get merchants of their own. */
const actorFor = (path: string) =>
  path === '/api/auth/logout' ? leaving : path.endsWith('/sign-out-everywhere') ? signingOut : merchant;
const product = await createProduct(ctx.app, merchant);
const { businessName } = (
  await ctx.app.inject({ url: `/api/users/${merchant.userId}`, headers: bearer(merchant.token) })
).json() as { businessName: string };
const wallets = (await ctx.app.inject({ url: '/api/wallets', headers: bearer(merchant.token) })).json()
  .wallets as {
  walletId: string;
}[];
const document = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
  paths: Record<string, Record<string, Operation>>;
};
afterAll(() => ctx.close());

const payment = (
  await ctx.app.inject({
    method: 'POST',
    url: `/api/checkout/products/${product.recordId}/payments`,
    headers: { 'idempotency-key': 'fuzz-first-payment' },
    payload: startBody(),
  })
).json() as CheckoutPayment;
const [transaction] = (
  await ctx.app.inject({
    method: 'POST',
    url: '/api/transaction/search',
    headers: bearer(merchant.token),
    payload: { userId: merchant.userId },
  })
).json().items as { id: string }[];

const ngnWalletId = (
  await ctx.app.inject({ url: `/api/users/${merchant.userId}`, headers: bearer(merchant.token) })
)
  .json()
  .wallets.find((wallet: { currency: string }) => wallet.currency === 'NGN')?.walletId as string;
const bankAccountBody = {
  userWalletRecordId: ngnWalletId,
  bankCode: '058',
  accountNumber: nubanOf('058', '012345678'),
  accountType: 'savings',
};
const bankAccount = (
  await ctx.app.inject({
    method: 'POST',
    url: '/api/bank/add-nigeria-bank',
    headers: bearer(merchant.token),
    payload: { ...bankAccountBody, accountNumber: nubanOf('058', '111111111') },
  })
).json() as { recordId: string };

const fxQuoteBody = { from: 'NGN', to: 'USD', amount: 100_000_00, side: 'sell' };
const fxQuote = (
  await ctx.app.inject({
    method: 'POST',
    url: '/api/fx/quotes',
    headers: bearer(merchant.token),
    payload: fxQuoteBody,
  })
).json() as { id: string };

const [customer] = (await ctx.app.inject({ url: '/api/customers', headers: bearer(merchant.token) })).json()
  .items as { id: string }[];

const VALID_IDS: Record<string, string | undefined> = {
  userId: merchant.userId,
  walletId: wallets[0]?.walletId,
  productId: product.recordId,
  paymentId: payment.paymentId,
  id: transaction?.id,
  bankAccountId: bankAccount.recordId,
  customerId: customer?.id,
};
const VALID_QUERY: Record<string, string> = {
  from: '2026-01-01',
  to: '2026-01-31',
  page: '1',
  size: '10',
  email: merchant.email,
  // A signed document link's shape (its signature is not ours: the route answers 403).
  expires: '4102444800',
  signature: 'A'.repeat(43),
  isApp: 'true',
  search: 'chioma',
  sort: 'total_spent',
};
const productBody = {
  productName: 'Zobo drink',
  description: 'Chilled',
  amount: 50_000,
  currency: 'NGN',
  quantityAvailable: 5,
};
const searchBody = {
  userId: merchant.userId,
  query: 'zobo',
  from: '2026-01-01T00:00:00Z',
  to: '2026-12-31T00:00:00Z',
  status: ['SUCCESSFUL'],
};
const VALID_BODIES: Record<string, unknown> = {
  'POST /api/auth/signup': merchantInput(),
  'POST /api/auth/signin': { email: merchant.email, password: merchant.password },
  'POST /api/auth/forgot-password': { email: merchant.email },
  'POST /api/auth/reset-password': { token: 'A'.repeat(43), password: merchant.password },
  'POST /api/checkout/products/{productId}/payments': startBody(),
  'POST /api/checkout/payments/{paymentId}/otp': { otp: '123456' },
  'POST /api/users/otp': { email: merchant.email, otp: '123456' },
  'POST /api/transaction/search': searchBody,
  'POST /api/fx/quotes': fxQuoteBody,
  'POST /api/fx/conversions': { quoteId: fxQuote.id },
  'POST /api/transaction/export': searchBody,
  'POST /api/products': productBody,
  'PUT /api/products/{productId}': productBody,
  'PUT /api/users/{userId}/profile': {
    firstName: 'Adaeze',
    lastName: 'Okafor',
    email: merchant.email,
    phoneNumber: '+2348012345678',
  },
  'PUT /api/users/{userId}': {
    businessName,
    countryOfBusiness: 'Nigeria',
    businessDescription: 'Fresh fruit and vegetables, delivered in Lagos.',
    checkoutLogUrl: '',
    chargeCheckoutFeeToCustomer: true,
  },
  // A wrong current password: a change that succeeded would end the merchant's sessions for the routes after it.
  'PUT /api/users/{userId}/change-password': {
    password: 'Wr0ng!Passw0rd',
    newPassword: 'N3w!Passw0rdToo',
    confirmPassword: 'N3w!Passw0rdToo',
  },
  'POST /api/auth/signin/two-factor': { challengeToken: 'e30.c2lnbmF0dXJl', code: '123456' },
  'POST /api/users/{userId}/two-factor/enable': { code: '123456' },
  'POST /api/users/{userId}/two-factor/recovery-codes': { code: '123456' },
  // A wrong password: two-factor is never on for the fuzzed merchant, so nothing can be turned off.
  'POST /api/users/{userId}/two-factor/disable': { password: 'Wr0ng!Passw0rd', code: 'abcde-fghij' },
  'POST /api/payouts': {
    walletId: wallets[0]?.walletId,
    bankAccountId: wallets[0]?.walletId,
    amount: 100_000,
  },
  'POST /api/payouts/{payoutId}/confirm': { code: '123456' },
  // Another id than any payment's: the fuzzed merchant has none, so every valid variation is a 404.
  'POST /api/refunds': {
    transactionId: wallets[0]?.walletId,
    amount: 100_000,
    reason: 'requested_by_customer',
    merchantNote: 'Returned',
    customerNote: 'Sorry',
    restock: false,
  },
  // The fuzzed merchant has no dispute: every valid variation is a 404.
  'POST /api/disputes/{disputeId}/evidence': {
    explanation: 'Delivered and signed for',
    customerName: 'Ada Obi',
    customerEmail: 'ada@example.com',
    deliveryDetails: 'GIG-20931',
    fileIds: [],
    submit: false,
  },
  'PUT /api/users/{userId}/notification-settings': {
    inApp: true,
    accountUpdates: true,
    incomingPayments: true,
    outgoingTransfer: false,
    securityAlerts: true,
    email: false,
  },
  'POST /api/document/delete-documents': {
    userId: merchant.userId,
    documents: [{ derivedFileName: 'status_report-0.pdf', originalFileName: null }],
  },
  'POST /api/bank/resolve-account': { bankCode: '058', accountNumber: bankAccountBody.accountNumber },
  'POST /api/bank/add-nigeria-bank': bankAccountBody,
  'POST /api/users/plaid/link': { userRecordId: merchant.userId },
  'PUT /api/users/update-api-details': { userId: merchant.userId, generateNewKey: true },
  'POST /api/users/register': { name: 'Fuzzed app', description: 'Made by the fuzz test' },
  'POST /api/users/{userId}/webhooks/test': { type: 'payment.succeeded' },
  'POST /api/team/invitations': { email: 'invitee@example.com', role: 'viewer' },
  'POST /api/team/invitations/accept': { token: 'A'.repeat(43) },
  'PATCH /api/team/members/{id}': { role: 'viewer' },
  'POST /api/team/transfer-ownership': { memberId: leaving.userId, password: 'Wr0ng!Passw0rd' },
  'PUT /api/team/settings': { requireTwoFactor: false },
  'POST /api/sandbox/bank-link/sessions/{sessionId}/submit': {
    institutionId: 'ins_109508',
    username: 'user_good',
    password: 'pass_good',
    accountType: 'checking',
  },
  'POST /api/sandbox/identity/sessions/{sessionId}/submit': {
    idType: 'BVN',
    idNumber: '22222222222',
    dateOfBirth: '1990-01-01',
  },
};

const knownIds = [
  merchant.userId,
  leaving.userId,
  product.recordId,
  payment.paymentId,
  ...(transaction ? [transaction.id] : []),
  ...wallets.map((wallet) => wallet.walletId),
  fxQuote.id,
  bankAccount.recordId,
  ...(customer ? [customer.id] : []),
];

/** A plausible text with one control or invisible character somewhere in it. */
const textWithControlCharacter = fc
  .tuple(
    fc.string({ maxLength: 10 }),
    // NUL most often: the one PostgreSQL refuses to store.
    fc.oneof(
      fc.constant('\u0000'),
      fc.constantFrom('\u0001', '\u0007', '\u0008', '\u001b', '\u007f', '\u0085', '\u200b', '\ufeff'),
    ),
    fc.string({ maxLength: 10 }),
  )
  .map(([before, character, after]) => `Ab${before}${character}${after}`);

const hostileString = fc.oneof(
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 3, arbitrary: textWithControlCharacter },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '\u0000',
      'Ada\u0000eze',
      '\u001b[31mred',
      "' OR 1=1 --",
      '"; drop table users; --',
      '%',
      '_',
      '\\',
      '../../etc/passwd',
      '<script>alert(1)</script>',
      '0000-01-01',
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z',
      '275760-09-13T00:00:00Z',
      '-1',
      '1e309',
      'NaN',
      '%00',
      '\ud800',
      '{"$gt":""}',
      '𝕏'.repeat(300),
      'A'.repeat(10_000),
    ),
  },
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(
    0,
    -1,
    -0,
    0.5,
    Number.MAX_SAFE_INTEGER,
    2 ** 63,
    -(2 ** 63),
    1e308,
    Number.MAX_SAFE_INTEGER + 2,
  ),
);

const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** Path segments as a client sends them: encoded, or raw and broken (a bare %, a cut sequence, an encoded NUL). */
const RAW_SEGMENTS = ['%', '%zz', '%E0%A4%A', '..%2F..%2Fetc', '%00', '%C0%AF', '%ED%A0%80'];
function pathSegment(value: unknown) {
  if (typeof value === 'string' && RAW_SEGMENTS.includes(value)) return value;
  // A lone surrogate cannot be encoded; a client would send U+FFFD.
  return encodeURIComponent(text(value).replace(/[\ud800-\udfff]/g, '\ufffd'));
}

const idLike = fc.oneof(
  fc.constantFrom(...knownIds),
  fc.uuid(),
  hostileString,
  fc.constantFrom(...RAW_SEGMENTS),
);

function typedValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), hostileString);
  const choices = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (choices) return fc.oneof(...choices.map((choice) => shapedValue(choice, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return fc.record(
        Object.fromEntries(
          Object.entries(schema.properties ?? {}).map(([name, sub]) => [name, shapedValue(sub, depth + 1)]),
        ),
        { requiredKeys: [] },
      );
    case 'array':
      return fc.array(shapedValue(schema.items ?? {}, depth + 1), { maxLength: 12 });
    case 'integer':
    case 'number':
      return hostileNumber;
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (schema.format === 'uuid') return idLike;
      if (schema.format === 'email') return fc.oneof(fc.emailAddress(), hostileString);
      if (schema.format === 'date') {
        return fc.oneof(
          fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
          hostileString,
        );
      }
      if (schema.format === 'date-time') {
        return fc.oneof(
          fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
          hostileString,
        );
      }
      return fc.oneof(fc.string({ maxLength: 60 }), hostileString);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Mostly what the schema asks for; sometimes the wrong type, or anything at all. */
function shapedValue(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 3) return fc.jsonValue({ maxDepth: 1 });
  return fc.oneof(
    { weight: 8, arbitrary: typedValue(schema, depth) },
    { weight: 1, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
}

/** Header values HTTP can carry (printable Latin-1 and tabs); anything else never reaches the server. */
const headerValue = fc.oneof(
  fc.string({ maxLength: 40 }).map((text) => text.replace(/[^\t\x20-\x7e\xa0-\xff]/g, '')),
  fc.constantFrom('Bearer', 'Bearer ', 'Bearer a.b.c', '\t', 'é', "' OR 1=1 --", 'x'.repeat(300)),
  fc.uuid(),
);

interface Parts {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
}

/** A request every route accepts as it stands, so that changing one field of it tests that field. */
function validParts(path: string, method: string, operation: Operation): fc.Arbitrary<Parts> {
  const parameters = operation.parameters ?? [];
  const path_ = Object.fromEntries(
    parameters
      .filter((p) => p.in === 'path')
      .map((p) => [p.name, p.name === 'userId' ? actorFor(path).userId : VALID_IDS[p.name]]),
  );
  const query = Object.fromEntries(
    parameters.filter((p) => p.in === 'query').map((p) => [p.name, VALID_QUERY[p.name]]),
  );
  // JSON bodies only: a multipart upload's form is fuzzed by the files tests (documents, upload-limits).
  const hasBody = Boolean(operation.requestBody?.content['application/json']);
  const body = VALID_BODIES[`${method.toUpperCase()} ${path}`];
  if (hasBody && body === undefined)
    throw new Error(`add a valid body for ${method} ${path} to VALID_BODIES`);
  return fc.uuid().map((key) => ({
    path: path_,
    query,
    headers: parameters.some((p) => p.name === 'idempotency-key') ? { 'idempotency-key': `fuzz-${key}` } : {},
    body: hasBody ? structuredClone(body) : undefined,
  }));
}

/** One place of a valid request (a path or query parameter, a header, a body field at any depth) made hostile. */
function mutated(parts: Parts, operation: Operation): fc.Arbitrary<Parts> {
  const places: string[][] = [];
  for (const p of operation.parameters ?? []) places.push([p.in === 'header' ? 'headers' : p.in, p.name]);
  const walk = (value: unknown, at: string[]) => {
    if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        places.push([...at, key]);
        walk(child, [...at, key]);
      }
    }
  };
  walk(parts.body, ['body']);
  if (parts.body !== undefined) places.push(['body']);
  if (places.length === 0) return fc.constant(parts);
  const replacement = fc.oneof(
    hostileString,
    hostileNumber,
    fc.jsonValue({ maxDepth: 2 }),
    fc.constant(undefined),
  );
  return fc.tuple(fc.constantFrom(...places), replacement).map(([place, value]) => {
    const copy = structuredClone(parts) as unknown as Record<string, unknown>;
    let target = copy;
    for (const key of place.slice(0, -1)) target = target[key] as Record<string, unknown>;
    const last = place[place.length - 1] as string;
    if (value === undefined) delete target[last];
    else target[last] = value;
    return copy as unknown as Parts;
  });
}

/** Generated from the route's schemas alone. */
function shapedParts(operation: Operation): fc.Arbitrary<Parts> {
  const parameters = operation.parameters ?? [];
  const ofKind = (kind: Parameter['in']) =>
    fc.record(
      Object.fromEntries(
        parameters.filter((parameter) => parameter.in === kind).map((p) => [p.name, shapedValue(p.schema)]),
      ),
      { requiredKeys: [] },
    );
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  return fc.record({
    path: ofKind('path'),
    query: ofKind('query'),
    headers: ofKind('header'),
    body: bodySchema ? shapedValue(bodySchema) : fc.constant(undefined),
  });
}

/** Mostly absent: a header most clients do not send. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

function requestsFor(path: string, method: string, operation: Operation) {
  const { token } = actorFor(path);
  const parts = fc.oneof(
    { weight: 1, arbitrary: shapedParts(operation) },
    { weight: 3, arbitrary: validParts(path, method, operation).chain((valid) => mutated(valid, operation)) },
  );
  return fc
    .record({
      parts,
      signedIn: fc.nat(9).map((n) => n > 1),
      userIdHeader: sometimes(fc.oneof(fc.constantFrom(...knownIds), headerValue)),
      authorization: sometimes(headerValue),
      // Bodies no JSON encoder writes: cut off, empty, nested past reason, prototype pollution.
      rawBody: sometimes(
        fc.constantFrom(
          '{"productName":',
          '',
          '\u0000',
          '['.repeat(5_000),
          '{"__proto__":{"admin":true}}',
          '{"a":1,"a":2}',
        ),
      ),
    })
    .map(({ parts: { path: pathValues, query, headers: headerValues, body }, ...generated }) => {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => pathSegment(pathValues[name]));
      const search = new URLSearchParams(
        Object.entries(query)
          .filter(([, value]) => value !== undefined)
          .map(([name, value]): [string, string] => [name, text(value)]),
      ).toString();
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(headerValues)) {
        if (value !== undefined) headers[name] = text(value).replace(/[^\t\x20-\x7e\xa0-\xff]/g, '');
      }
      if (generated.signedIn) Object.assign(headers, bearer(token));
      else if (generated.authorization !== undefined) headers.authorization = generated.authorization;
      if (generated.userIdHeader !== undefined) headers.user_id = generated.userIdHeader;
      const payload =
        generated.rawBody ?? (body === undefined ? undefined : (JSON.stringify(body) ?? 'null'));
      if (payload !== undefined) headers['content-type'] = 'application/json';
      return {
        method: method.toUpperCase() as 'GET',
        url: search ? `${url}?${search}` : url,
        headers,
        ...(payload === undefined ? {} : { payload }),
      };
    });
}

/** Everything a request carries, decoded as the server reads it. */
function sentText(request: { url: string; payload?: string }) {
  let url = request.url;
  try {
    url = decodeURIComponent(url);
  } catch {
    // A broken escape is read as typed.
  }
  return `${url} ${request.url} ${request.payload ?? ''}`;
}

// The event stream never ends by design (it is tested in live-stream.test.ts); its only input is the token.
const NOT_FUZZED = new Set(['GET /api/events/stream']);
const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
  Object.entries(operations).map(([method, operation]) => ({ path, method, operation })),
);

describe('every route of the OpenAPI document, fuzzed', () => {
  it('covers every route but the endless event stream', () => {
    expect(routes.length).toBeGreaterThan(15);
    expect(
      routes.filter((route) => NOT_FUZZED.has(`${route.method.toUpperCase()} ${route.path}`)),
    ).toHaveLength(NOT_FUZZED.size);
  });

  it.each(routes.filter((route) => !NOT_FUZZED.has(`${route.method.toUpperCase()} ${route.path}`)))(
    '$method $path never answers 5xx nor shows its insides',
    async ({ path, method, operation }) => {
      await fc.assert(
        fc.asyncProperty(requestsFor(path, method, operation), async (request) => {
          const response = await ctx.app.inject(request);
          expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBeLessThan(500);
          // What the client sent and gets echoed back (a path it typed) is not a leak; anything else is.
          const leak = response.body.match(LEAKS)?.[0];
          if (leak) expect(sentText(request).toLowerCase(), `leaked: ${leak}`).toContain(leak.toLowerCase());
          if (response.statusCode >= 400) {
            expect(response.json()).toEqual(
              expect.objectContaining({ error: expect.any(String), code: expect.any(String) }),
            );
          }
        }),
        { numRuns: RUNS, seed: SEED },
      );
    },
    120_000,
  );
});
