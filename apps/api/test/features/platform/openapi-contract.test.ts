import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PERMISSIONS, roleRequiredMessage } from '@bizdash/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../helper.ts';

interface Operation {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<
    string,
    { description?: string; headers?: Record<string, unknown>; content?: Record<string, unknown> }
  >;
  security: Record<string, string[]>[];
  'x-permission'?: string;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: Operation }>;
  components: { schemas: Record<string, unknown> };
}

const root = path.resolve(import.meta.dirname, '../../../../..');
const redocly = createRequire(path.join(root, 'package.json')).resolve('@redocly/cli/bin/cli.js');

describe('The OpenAPI document (/api/docs/json)', () => {
  let ctx: TestContext;
  let document: Document;
  const operations = () =>
    Object.entries(document.paths).flatMap(([url, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${url}`,
        operation,
      })),
    );
  const operation = (key: string) => {
    const found = operations().find((each) => each.key === key);
    if (!found) throw new Error(`no operation ${key}`);
    return found.operation;
  };

  beforeAll(async () => {
    ctx = await buildTestApp();
    document = (await ctx.app.inject({ url: '/api/docs/json' })).json() as Document;
  });
  afterAll(() => ctx.close());

  it("passes Redocly's recommended rules with no errors", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bizdash-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(document));
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [redocly, 'lint', file, '--format=json', `--config=${path.join(root, 'redocly.yaml')}`],
        { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(stdout) as {
        problems: { severity: string; ruleId: string; message: string; location: { pointer: string }[] }[];
      };
      const errors = report.problems
        .filter((problem) => problem.severity === 'error')
        .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
      expect(errors).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('gives every operation its own operationId and no path a trailing slash', () => {
    const ids = operations().map((each) => each.operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(document.paths).filter((url) => url.endsWith('/'))).toEqual([]);
    expect(document.paths).toHaveProperty(['/api/wallets', 'get']);
    expect(document.paths).toHaveProperty(['/api/products', 'post']);
    expect(document.paths).toHaveProperty(['/api/payouts', 'post']);
  });

  it('documents 401 on every signed-in operation, and 429 with Retry-After on every one an API key may call', () => {
    const signedIn = operations().filter(({ operation }) => operation.security.length > 0);
    expect(signedIn.length).toBeGreaterThan(50);
    for (const { key, operation } of signedIn) {
      expect(operation.responses, key).toHaveProperty('401');
      expect(operation.responses, key).toHaveProperty('404');
      if (operation.security.some((scheme) => 'apiKeyAuth' in scheme)) {
        expect(operation.responses['429']?.headers, key).toHaveProperty('Retry-After');
      }
    }
    expect(operation('POST /api/payouts').security).toEqual([{ bearerAuth: [] }, { apiKeyAuth: [] }]);
    expect(operation('PUT /api/users/{userId}/change-password').security).toEqual([{ bearerAuth: [] }]);
    expect(operation('POST /api/auth/signin').security).toEqual([]);
  });

  it('declares Idempotency-Key and Idempotent-Replayed where money moves, and user_id where a key acts for an app', () => {
    for (const key of [
      'POST /api/payouts',
      'POST /api/fx/conversions',
      'POST /api/checkout/products/{productId}/payments',
    ]) {
      const moving = operation(key);
      expect(moving.parameters, key).toContainEqual(
        expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }),
      );
      const success = Object.entries(moving.responses).find(([status]) => status.startsWith('2'));
      expect(success?.[1].headers, key).toHaveProperty('Idempotent-Replayed');
      expect(moving.responses, key).toHaveProperty('409');
    }
    for (const key of [
      'GET /api/wallets',
      'POST /api/products',
      'POST /api/payouts',
      'POST /api/fx/quotes',
    ]) {
      expect(operation(key).parameters, key).toContainEqual(
        expect.objectContaining({ name: 'user_id', in: 'header', required: false }),
      );
    }
    // Dashboard-only routes act for the person; routes naming a userId name the user themselves.
    expect(operation('POST /api/auth/logout').parameters ?? []).not.toContainEqual(
      expect.objectContaining({ name: 'user_id' }),
    );
  });

  it('names the permission of every signed-in operation, and documents its 409 ROLE_REQUIRED with the sentence', () => {
    const signedIn = operations().filter(({ operation }) => operation.security.length > 0);
    for (const { key, operation } of signedIn) {
      const needed = operation['x-permission'];
      expect(needed, key).toBeDefined();
      if (needed === 'self') continue;
      const conflict = operation.responses['409'];
      expect(conflict?.description, key).toContain('TWO_FACTOR_REQUIRED');
      if (needed === 'member' || !needed || !(needed in PERMISSIONS)) continue;
      const permission = needed as keyof typeof PERMISSIONS;
      expect(conflict?.description, key).toContain('`ROLE_REQUIRED`');
      expect(conflict?.description, key).toContain(roleRequiredMessage(permission));
      expect(conflict?.content?.['application/json'], key).toMatchObject({
        example: { code: 'ROLE_REQUIRED', permission, error: roleRequiredMessage(permission) },
      });
    }
    expect(operation('POST /api/payouts')['x-permission']).toBe('payouts.create');
    expect(operation('POST /api/payouts').responses['409']?.description).toContain(
      'Only an owner, admin or finance member can make payouts',
    );
    expect(operation('PUT /api/users/{userId}/change-password')['x-permission']).toBe('self');
    expect(operation('GET /api/users/{userId}')['x-permission']).toBe('member');
  });

  it('states the request rules the server enforces, and lets the nullable enums be null', () => {
    const bodyOf = (key: string) => {
      const schema = operation(key).requestBody?.content['application/json']?.schema as {
        properties: Record<string, Record<string, unknown>>;
        allOf?: unknown[];
      };
      return schema;
    };
    const product = bodyOf('POST /api/products');
    expect(product.properties.amount).toMatchObject({ type: 'integer', minimum: 100 });
    expect(JSON.stringify(product.allOf)).toContain('"minimum":10000');
    const quote = bodyOf('POST /api/fx/quotes');
    expect(quote.properties.amount).toMatchObject({ type: 'integer', minimum: 100 });
    const card = bodyOf('POST /api/checkout/products/{productId}/payments').properties.card as {
      properties: { expiry: { pattern: string } };
    };
    expect(new RegExp(card.properties.expiry.pattern).test('09/28')).toBe(true);
    expect(new RegExp(card.properties.expiry.pattern).test('13/28')).toBe(false);
    const answerOf = (key: string, status: string) =>
      JSON.stringify(operation(key).responses[status]?.content?.['application/json']);
    expect(answerOf('GET /api/payouts/{payoutId}', '200')).toMatch(
      /"confirmation":\{"anyOf":\[.*\{"type":"null"\}/,
    );
    expect(answerOf('POST /api/checkout/products/{productId}/payments', '201')).toMatch(
      /"nextAction":\{"anyOf":\[.*\{"type":"null"\}/,
    );
  });

  it('describes the uploads as multipart bodies and the downloads, CSV export and event stream by media type', () => {
    for (const key of [
      'POST /api/document/{userId}/upload-profile-picture',
      'POST /api/document/{userId}/upload-checkout-logo',
      'POST /api/document/{userId}/upload',
      'POST /api/sandbox/identity/sessions/{sessionId}/selfie',
    ]) {
      expect(Object.keys(operation(key).requestBody?.content ?? {}), key).toEqual(['multipart/form-data']);
    }
    const successTypes = (key: string) => Object.keys(operation(key).responses['200']?.content ?? {});
    expect(successTypes('GET /api/files/{fileId}')).toEqual(['image/*']);
    expect(successTypes('GET /api/files/{fileId}/signed')).toEqual(['*/*']);
    expect(successTypes('GET /api/document/{userId}/{documentId}/file')).toEqual(['*/*']);
    expect(successTypes('POST /api/transaction/export')).toEqual(['text/csv']);
    expect(successTypes('GET /api/events/stream')).toEqual(['text/event-stream']);
    const statement = operation('GET /api/wallets/{walletId}/statement').responses['200'];
    expect(statement?.content).toEqual({
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
      'text/csv': { schema: { type: 'string' } },
    });
    expect(statement?.headers).toHaveProperty('Content-Disposition');
  });

  it("describes each webhook event's payload", () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.webhooks)).toEqual([
      'payment.succeeded',
      'payment.failed',
      'payout.created',
      'payout.succeeded',
      'payout.failed',
      'refund.created',
      'refund.succeeded',
      'refund.failed',
      'dispute.created',
      'dispute.updated',
      'dispute.closed',
    ]);
    const payout = document.webhooks['payout.failed']?.post;
    expect(payout?.parameters?.map((parameter) => parameter.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    expect(payout?.requestBody?.content['application/json']?.schema.properties).toHaveProperty('data');
  });
});

describe('The test apps check every answer against the document', () => {
  it('fail on a status the operation does not list, and on a body that does not match its schema', async () => {
    const ctx = await buildTestApp();
    await ctx.app.ready();
    const served = ctx.app.swagger() as unknown as Document;
    const health = served.paths['/api/health']?.get;
    if (!health) throw new Error('no GET /api/health');
    delete health.responses['200'];
    const signup = served.paths['/api/auth/signup']?.post?.responses['400']?.content?.[
      'application/json'
    ] as {
      schema: unknown;
    };
    signup.schema = { type: 'object', required: ['field'] };
    expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: {} })).statusCode).toBe(
      400,
    );
    await expect(ctx.close()).rejects.toThrow(
      /GET \/api\/health answered 200, which the document does not list\n.*POST \/api\/auth\/signup 400 body does not match the document: \/ must have required property 'field'/,
    );
  }, 90_000);
});
