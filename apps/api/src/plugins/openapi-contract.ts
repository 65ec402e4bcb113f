import {
  ApiErrorSchema,
  IDEMPOTENCY_KEY_HEADER,
  type Permission,
  roleRequiredMessage,
  rolesWith,
  WebhookPayloadSchema,
} from '@bizdash/shared';
import type { FastifyDynamicSwaggerOptions, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RoutePermission } from '../types.ts';
import { PUBLIC_API_EXAMPLES } from './openapi-examples.ts';

/*
 * The rules every operation of the reference follows (ADR 043), applied here rather than route by route so a route
 * added later follows them too: `transform` records what it knows of each route (signed in, reachable with a key,
 * idempotent, acting for an app) and `transformObject` writes the consequences into the finished document.
 */

/** What the transform learns of a route, carried to transformObject on the operation and removed there. */
interface RouteFacts {
  signedIn: boolean;
  /** Signed in and not dashboard-only: an API key may call it, and each key has its own rate limit. */
  keyReachable: boolean;
  /** Takes an Idempotency-Key (plugins/idempotency.ts) and may answer a replay. */
  idempotent: boolean;
  /** Acts for the merchant or, with the user_id header, one of its apps (it names no userId itself). */
  actsForApp: boolean;
  /** What the route declares it needs (config.permission, issue 23 §2); undefined outside the signed-in scope. */
  permission?: RoutePermission;
}
const FACTS = 'x-bizdash-route';
/** The extension naming what an operation needs: a permission of docs/permissions.md, `member` or `self`. */
const PERMISSION_EXTENSION = 'x-permission';

interface JsonSchemaObject {
  properties?: Record<string, unknown>;
  required?: string[];
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: unknown;
}

interface Response {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: unknown; example?: unknown }>;
}

interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: unknown;
  responses: Record<string, Response>;
  security?: Record<string, string[]>[];
  [FACTS]?: RouteFacts;
  [PERMISSION_EXTENSION]?: RoutePermission;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown>; [key: string]: unknown };
  [key: string]: unknown;
}

type Webhooks = NonNullable<
  Extract<FastifyDynamicSwaggerOptions['openapi'], { webhooks?: unknown }>['webhooks']
>;

const USER_ID_HEADER = 'user_id';
const REPLAYED_HEADER = 'Idempotent-Replayed';

const API_ERROR = { $ref: '#/components/schemas/ApiError' };

const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
};

/** What each error status means everywhere in the API (one code, one status: ADR 043). */
function errorDescription(status: string, facts: RouteFacts | undefined): string {
  switch (status) {
    case '400':
      return 'The request is invalid: `VALIDATION_ERROR` with `details` per field, or a code naming the rule it breaks. Nothing changed.';
    case '401':
      return facts?.signedIn && !facts.keyReachable
        ? 'No valid credential (`UNAUTHORIZED`), or an API key, which this route refuses (`API_KEY_NOT_ALLOWED`).'
        : 'No valid credential: `UNAUTHORIZED` (a missing, expired or signed-out session; an unknown, deleted or expired key).';
    case '403':
      return 'Forbidden: the link or credential does not allow this (`FORBIDDEN`).';
    case '404':
      return 'Not found, or not yours (`NOT_FOUND`): another merchant’s id answers the same as an unknown one.';
    case '409':
      return 'Conflict with the current state: the code names it (e.g. `IDEMPOTENCY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS`).';
    case '413':
      return 'Too large: the request body (`PAYLOAD_TOO_LARGE`) or, for uploads, a file or the storage left; the code says which.';
    case '415':
      return 'The body’s Content-Type is not one this operation takes (`UNSUPPORTED_MEDIA_TYPE`).';
    case '429':
      return 'Too many requests (`RATE_LIMITED`): try again after `Retry-After` seconds.';
    case '500':
      return 'Something failed on the server (`INTERNAL_ERROR`), with no details. Nothing is half done; retry later (with the same Idempotency-Key where one is taken).';
    case '502':
      return 'The provider behind this request failed; try again later (`PROVIDER_ERROR`).';
    case '503':
      return 'Not available right now (`UNAVAILABLE`).';
    default:
      return 'Error: `{ error, code, details? }`.';
  }
}

const RETRY_AFTER = {
  description: 'Seconds to wait before trying again.',
  schema: { type: 'integer', minimum: 0 },
};
const REPLAYED = {
  description:
    'Present (`true`) when this is the stored answer to an earlier request with the same Idempotency-Key.',
  schema: { type: 'string', enum: ['true'] },
};

/** `getProductsByProductId` for GET /api/products/{productId}: unique per method and path. */
function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param?.[1] ? ['by', ...param[1].split(/[-_]/)] : segment.split(/[-_]/);
    });
  return method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

const withoutTrailingSlash = (url: string) => (url.length > 1 ? url.replace(/\/+$/, '') : url);

/** The public API's examples (openapi-examples.ts) on the body and success answer of the route they are for. */
function withExamples(schema: Record<string, unknown>, route: { method: string | string[]; url: string }) {
  const examples = PUBLIC_API_EXAMPLES[`${String(route.method)} ${route.url}`];
  if (!examples) return schema;
  const response = { ...(schema.response as Record<string, Record<string, unknown>> | undefined) };
  for (const [status, example] of Object.entries(examples.response)) {
    const answer = response[status];
    if (answer) response[status] = { ...answer, examples: [example] };
  }
  const body = schema.body as Record<string, unknown> | undefined;
  return {
    ...schema,
    ...(body && examples.body ? { body: { ...body, examples: [examples.body] } } : {}),
    response,
  };
}

/** A shared zod schema as a 3.1 Schema Object (the document declares the dialect, not each schema). */
function jsonSchemaOf(schema: z.ZodType) {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'output' });
  return rest;
}

const hasProperty = (schema: unknown, name: string) =>
  Boolean((schema as JsonSchemaObject | undefined)?.properties?.[name]);
const requires = (schema: unknown, name: string) =>
  Boolean((schema as JsonSchemaObject | undefined)?.required?.includes(name));

/**
 * The swagger `transform`: zod to JSON Schema, then this route's facts and its path without a trailing slash.
 * Signed in and dashboard-only are what the signed-in scope recorded of the route (plugins/auth.ts), so the
 * `security` entry and the 401's `API_KEY_NOT_ALLOWED` follow from the route's own declaration.
 */
export function contractTransform(app: FastifyInstance): typeof jsonSchemaTransform {
  let signedIn: Map<string, { dashboardOnly: boolean; permission: RoutePermission | undefined }> | undefined;
  const signedInRouteOf = (method: string | string[], url: string) => {
    // A prefix's '/' route is registered with and without its slash: compare the paths without it.
    signedIn ??= new Map(
      app.signedInRoutes.flatMap((route) =>
        [route.method].flat().map((each) => [`${each} ${withoutTrailingSlash(route.url)}`, route] as const),
      ),
    );
    return [method]
      .flat()
      .map((each) => signedIn?.get(`${each} ${withoutTrailingSlash(url)}`))
      .find((route) => route !== undefined);
  };
  return (input) => {
    const transformed = jsonSchemaTransform(input);
    const schema = transformed.schema as Record<string, unknown> | undefined;
    if (!schema || schema.hide) return transformed;
    keepResponseHeaders(input.schema, schema);
    const { route } = input;
    const signedInRoute = signedInRouteOf(route.method, route.url);
    const keyReachable = signedInRoute !== undefined && !signedInRoute.dashboardOnly;
    const facts: RouteFacts = {
      signedIn: signedInRoute !== undefined,
      keyReachable,
      idempotent: hasProperty(schema.headers, IDEMPOTENCY_KEY_HEADER),
      actsForApp:
        keyReachable && !['params', 'querystring', 'body'].some((part) => requires(schema[part], 'userId')),
      ...(signedInRoute?.permission ? { permission: signedInRoute.permission } : {}),
    };
    return {
      url: withoutTrailingSlash(transformed.url),
      schema: {
        ...(keyReachable ? withExamples(schema, route) : schema),
        [FACTS]: facts,
      } as typeof transformed.schema,
    };
  };
}

/** The zod transform rebuilds a response given by media type without its `headers` (Content-Disposition): kept here. */
function keepResponseHeaders(declared: unknown, schema: Record<string, unknown>) {
  const responses = (declared as { response?: Record<string, { headers?: unknown }> } | undefined)?.response;
  const transformed = schema.response as Record<string, Record<string, unknown>> | undefined;
  for (const [status, response] of Object.entries(responses ?? {})) {
    const target = transformed?.[status];
    if (response?.headers && target && !target.headers) target.headers = response.headers;
  }
}

function securityOf(facts: RouteFacts | undefined): Record<string, string[]>[] {
  if (!facts?.signedIn) return [];
  return facts.keyReachable ? [{ bearerAuth: [] }, { apiKeyAuth: [] }] : [{ bearerAuth: [] }];
}

/** The error answers every operation of this kind can give, whether or not its route listed them. */
function expectedErrors(
  path: string,
  method: string,
  operation: Operation,
  facts: RouteFacts | undefined,
): string[] {
  const statuses: string[] = [];
  // Fastify reads a body on these methods before any route code: too large, or of a type no parser takes.
  if (['post', 'put', 'patch'].includes(method)) statuses.push('413', '415');
  if (operation.requestBody || operation.parameters?.some((parameter) => parameter.name !== USER_ID_HEADER))
    statuses.push('400');
  if (facts?.signedIn) statuses.push('401');
  // Every signed-in route checks the user_id header, and an id in the path may not be the caller's.
  if (facts?.signedIn || path.includes('{')) statuses.push('404');
  // A permission refused by role (ROLE_REQUIRED), or a business that requires two-factor (TWO_FACTOR_REQUIRED).
  if (facts?.idempotent || (facts?.signedIn && facts.permission !== 'self')) statuses.push('409');
  if (facts?.keyReachable) statuses.push('429');
  // Any operation can fail unexpectedly; the answer is the same generic error, never a stack trace.
  statuses.push('500');
  return statuses;
}

const isPermission = (needed: RoutePermission | undefined): needed is Permission =>
  needed !== undefined && needed !== 'member' && needed !== 'self';

/**
 * The 409s the signed-in scope answers before the route runs (ADR 055, ADR 056): a role without the route's
 * permission (`ROLE_REQUIRED`, its sentence and an example), and a person without two-factor in a business that
 * requires it (`TWO_FACTOR_REQUIRED`).
 */
function documentRefusals(response: Response, facts: RouteFacts | undefined) {
  if (!facts?.signedIn || facts.permission === 'self') return;
  const permission = facts.permission ?? 'business.own';
  const sentences = [response.description];
  if (isPermission(permission)) {
    sentences.push(
      `\`ROLE_REQUIRED\` (with \`permission\` and \`roles\`): this needs \`${permission}\`, which your team role does not hold (an API key holds every permission but \`business.own\` and \`team.manage\`): "${roleRequiredMessage(permission)}". Nothing changed; the session stays signed in.`,
    );
    const json = response.content?.['application/json'];
    if (json) {
      const example = {
        error: roleRequiredMessage(permission),
        code: 'ROLE_REQUIRED',
        permission,
        roles: [...rolesWith(permission)],
      };
      response.content = { ...response.content, 'application/json': { ...json, example } };
    }
  }
  sentences.push(
    '`TWO_FACTOR_REQUIRED`: the business requires two-factor sign-in and you have not turned it on yet.',
  );
  response.description = sentences.join(' ');
}

function completeOperation(path: string, method: string, operation: Operation) {
  const facts = operation[FACTS];
  delete operation[FACTS];
  operation.operationId ??= operationIdOf(method, path);
  operation.security = securityOf(facts);
  if (facts?.signedIn) operation[PERMISSION_EXTENSION] = facts.permission ?? 'business.own';
  if (facts?.actsForApp) {
    operation.parameters = [
      ...(operation.parameters ?? []),
      {
        name: USER_ID_HEADER,
        in: 'header',
        required: false,
        description:
          'Act for one of your apps, or (signed in) a business you are a team member of or one of its apps (its id), instead of yourself. Not yours, or another app with an app’s own key: 404.',
        schema: { type: 'string', format: 'uuid' },
      },
    ];
  }
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'header' && parameter.name === IDEMPOTENCY_KEY_HEADER) {
      parameter.name = 'Idempotency-Key';
      parameter.description ??=
        'Your unique key for this request (8 to 255 letters, digits, - or _): a retry with the same key and body answers what the first did; the same key with another body is a 409.';
    }
  }
  for (const status of expectedErrors(path, method, operation, facts)) {
    operation.responses[status] ??= {
      description: '',
      content: { 'application/json': { schema: API_ERROR } },
    };
  }
  for (const [status, response] of Object.entries(operation.responses)) {
    const generic = !response.description || response.description === 'Default Response';
    if (generic)
      response.description = SUCCESS_DESCRIPTIONS[status] ?? errorDescription(status, facts ?? undefined);
    if (status === '409') documentRefusals(response, facts);
    if (status === '429') response.headers = { ...response.headers, 'Retry-After': RETRY_AFTER };
    if (facts?.idempotent && status !== '429' && !status.startsWith('5'))
      response.headers = { ...response.headers, [REPLAYED_HEADER]: REPLAYED };
  }
}

/** A webhook per event a merchant's endpoint hears: Standard Webhooks headers and the typed `{ type, timestamp, data }`. */
export function webhooksDocument() {
  const webhooks: Record<string, unknown> = {};
  for (const payload of WebhookPayloadSchema.options) {
    const type = payload.shape.type.value;
    webhooks[type] = {
      post: {
        operationId: `webhook${type
          .split(/[._]/)
          .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
          .join('')}`,
        summary: `The \`${type}\` event, POSTed to your webhook URL`,
        tags: ['webhooks'],
        parameters: [
          {
            name: 'webhook-id',
            in: 'header',
            required: true,
            description: 'The delivery id, the same on every attempt: deduplicate on it.',
            schema: { type: 'string' },
          },
          {
            name: 'webhook-timestamp',
            in: 'header',
            required: true,
            description: 'When this attempt was sent (Unix seconds); refuse old ones.',
            schema: { type: 'string' },
          },
          {
            name: 'webhook-signature',
            in: 'header',
            required: true,
            description:
              'Standard Webhooks `v1,<base64 HMAC-SHA256>` over `id.timestamp.body` with your `whsec_` secret (two while a rolled secret overlaps).',
            schema: { type: 'string' },
          },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: jsonSchemaOf(payload) } },
        },
        responses: {
          '200': { description: 'Any 2xx answer acknowledges the delivery; anything else is retried.' },
          '410': { description: 'Gone: deliveries to this endpoint stop and it is disabled.' },
        },
        security: [],
      },
    };
  }
  return webhooks as Webhooks;
}

/** The swagger `transformObject`: the rules applied to every operation of the finished document. */
export const completeDocument: SwaggerTransformObject = (documentObject) => {
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
  const document = documentObject.openapiObject as unknown as OpenApiDocument;
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) completeOperation(path, method, operation);
  }
  document.components.schemas = {
    ...document.components.schemas,
    ApiError: jsonSchemaOf(ApiErrorSchema),
  };
  return document as unknown as ReturnType<SwaggerTransformObject>;
};
