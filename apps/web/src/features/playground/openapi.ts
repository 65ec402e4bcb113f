import { z } from 'zod';

/** The part of JSON Schema (2020-12, as OpenAPI 3.1 uses it) the playground reads to draw a form. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  format?: string;
  description?: string;
  default?: unknown;
  examples?: unknown[];
}

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
  example?: unknown;
}

interface RequestBodySpec {
  /** JSON, or a multipart upload (files). */
  mediaType: 'application/json' | 'multipart/form-data';
  required: boolean;
  schema: JsonSchema;
  /** The reference's example of this body, when it gives one. */
  example?: unknown;
}

export interface Operation {
  /** The document's operationId (unique), else "METHOD path". */
  id: string;
  method: HttpMethod;
  /** As the document spells it: /api/wallets/{walletId}. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  parameters: Parameter[];
  body: RequestBodySpec | null;
  /** Whether it needs a bearer credential at all (sign-in and the public checkout do not). */
  signedIn: boolean;
  /** Whether an API key may call it (dashboard-only routes answer 401 API_KEY_NOT_ALLOWED to one). */
  acceptsApiKey: boolean;
  /** It moves money (payouts, conversions, refunds, payments): the playground asks before sending it. */
  movesMoney: boolean;
  /** It takes an Idempotency-Key header: the playground fills in a fresh one, kept for a retry. */
  takesIdempotencyKey: boolean;
}

export interface OperationGroup {
  tag: string;
  operations: Operation[];
}

export interface PlaygroundDocument {
  /** servers[0].url: where the API is served for a caller outside the browser. */
  serverUrl: string | null;
  groups: OperationGroup[];
  byId: Map<string, Operation>;
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

const jsonSchema = z.custom<JsonSchema>((value) => typeof value === 'object' && value !== null);

const ParameterSchema = z.looseObject({
  name: z.string(),
  in: z.string(),
  required: z.boolean().optional(),
  description: z.string().optional(),
  schema: jsonSchema.optional(),
  example: z.unknown().optional(),
});

const MediaTypeSchema = z.looseObject({
  schema: jsonSchema.optional(),
  example: z.unknown().optional(),
  examples: z.unknown().optional(),
});

const OperationSchema = z.looseObject({
  operationId: z.string().optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  parameters: z.array(ParameterSchema).optional(),
  requestBody: z
    .looseObject({
      required: z.boolean().optional(),
      content: z.record(z.string(), MediaTypeSchema).optional(),
    })
    .optional(),
  security: z.array(z.record(z.string(), z.unknown())).optional(),
});

/** What the playground needs of the served document; the rest (responses, components) is read by the reference. */
export const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  servers: z.array(z.looseObject({ url: z.string() })).optional(),
  security: z.array(z.record(z.string(), z.unknown())).optional(),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type OpenApiDocument = z.infer<typeof OpenApiDocumentSchema>;

type RawOperation = z.infer<typeof OperationSchema>;
type RawMediaType = z.infer<typeof MediaTypeSchema>;

const UNTAGGED = 'other';
const IDEMPOTENCY_HEADER_NAME = IDEMPOTENCY_HEADER.toLowerCase();
/** Posts that move money whether or not the document gives them an Idempotency-Key (a payout's confirmation). */
const MONEY_PATH = /^\/api\/(?:payouts|refunds|fx\/conversions)(?:\/|$)/;

/** An OpenAPI 3.1 media type's example: `example`, else the first of `examples` (named Example Objects). */
function mediaExample(media: RawMediaType): unknown {
  if (media.example !== undefined) return media.example;
  if (media.examples && typeof media.examples === 'object') {
    const first = Object.values(media.examples as Record<string, { value?: unknown }>)[0];
    if (first?.value !== undefined) return first.value;
  }
  return media.schema?.examples?.[0];
}

function requestBodyOf(operation: RawOperation): RequestBodySpec | null {
  const content = operation.requestBody?.content ?? {};
  for (const mediaType of ['application/json', 'multipart/form-data'] as const) {
    const media = content[mediaType];
    if (!media) continue;
    return {
      mediaType,
      required: operation.requestBody?.required ?? false,
      schema: media.schema ?? {},
      example: mediaExample(media),
    };
  }
  return null;
}

function parametersOf(operation: RawOperation): Parameter[] {
  const parameters: Parameter[] = [];
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'path' && parameter.in !== 'query' && parameter.in !== 'header') continue;
    parameters.push({
      name: parameter.name,
      in: parameter.in,
      required: parameter.in === 'path' || (parameter.required ?? false),
      ...(parameter.description ? { description: parameter.description } : {}),
      schema: parameter.schema ?? {},
      ...(parameter.example !== undefined ? { example: parameter.example } : {}),
    });
  }
  return parameters;
}

const schemeNames = (security: RawOperation['security']) =>
  (security ?? []).flatMap((requirement) => Object.keys(requirement));

/** The document's operations grouped by their first tag, in the document's order. */
export function readDocument(document: OpenApiDocument): PlaygroundDocument {
  const groups = new Map<string, Operation[]>();
  const byId = new Map<string, Operation>();
  for (const [path, pathItem] of Object.entries(document.paths)) {
    for (const [key, value] of Object.entries(pathItem)) {
      const method = key.toUpperCase() as HttpMethod;
      if (!HTTP_METHODS.includes(method)) continue;
      const parsed = OperationSchema.safeParse(value);
      if (!parsed.success) continue;
      const raw = parsed.data;
      const parameters = parametersOf(raw);
      const schemes = schemeNames(raw.security ?? document.security);
      const takesIdempotencyKey = parameters.some(
        (parameter) => parameter.in === 'header' && parameter.name.toLowerCase() === IDEMPOTENCY_HEADER_NAME,
      );
      const operation: Operation = {
        id: raw.operationId ?? `${method} ${path}`,
        method,
        path,
        tag: raw.tags?.[0] ?? UNTAGGED,
        summary: raw.summary ?? '',
        ...(raw.description ? { description: raw.description } : {}),
        parameters,
        body: requestBodyOf(raw),
        signedIn: schemes.length > 0,
        acceptsApiKey: schemes.includes('apiKeyAuth'),
        movesMoney: takesIdempotencyKey || (method === 'POST' && MONEY_PATH.test(path)),
        takesIdempotencyKey,
      };
      if (byId.has(operation.id)) continue;
      byId.set(operation.id, operation);
      const group = groups.get(operation.tag) ?? [];
      group.push(operation);
      groups.set(operation.tag, group);
    }
  }
  return {
    serverUrl: document.servers?.[0]?.url ?? null,
    groups: [...groups]
      .map(([tag, operations]) => ({ tag, operations }))
      .sort((a, b) => a.tag.localeCompare(b.tag)),
    byId,
  };
}
