import { createHash } from 'node:crypto';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

interface DocumentedResponse {
  content?: Record<string, { schema?: unknown }>;
}
interface Document {
  paths: Record<string, Record<string, { responses: Record<string, DocumentedResponse> }>>;
}

const DOCUMENT_ID = 'https://bizdash.test/openapi.json';

/** `/api/products/:productId` (as Fastify registered it) -> `/api/products/{productId}` (as the document has it). */
const documentedPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/+$/, '$1');

const pointerSegment = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

const mediaTypeOf = (header: unknown) =>
  typeof header === 'string' ? (header.split(';')[0]?.trim().toLowerCase() ?? '') : '';

function matchesMediaType(documented: string, sent: string) {
  if (documented === sent || documented === '*/*') return true;
  const [type, subtype] = documented.split('/');
  return subtype === '*' && sent.startsWith(`${type}/`);
}

interface DocumentChecker {
  document: Document;
  validatorFor: (path: string, method: string, status: string, mediaType: string) => ValidateFunction;
}

/**
 * Compiled validators per document, shared by every test app that serves the same paths: the suites build hundreds
 * of apps in one process (isolate: false), and compiling the same schemas for each costs seconds of CPU per file.
 */
const checkers = new Map<string, DocumentChecker>();

function checkerFor(document: Document): DocumentChecker {
  const key = createHash('sha256').update(JSON.stringify(document.paths)).digest('hex');
  const known = checkers.get(key);
  if (known) return known;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (path: string, method: string, status: string, mediaType: string) => {
    const pointer = ['paths', path, method, 'responses', status, 'content', mediaType, 'schema']
      .map(pointerSegment)
      .join('/');
    let validate = validators.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `${DOCUMENT_ID}#/${pointer}` });
      validators.set(pointer, validate);
    }
    return validate;
  };
  const checker = { document, validatorFor };
  checkers.set(key, checker);
  return checker;
}

/**
 * Checks every answer a test app gives against the OpenAPI document it serves (ADR 043): the status must be one the
 * operation documents, the content type one that status documents, and a JSON body must match its schema. Routes
 * the document leaves out (the web app, the reference itself) are not checked. Problems are collected, not thrown,
 * so the test that caused one still sees the real answer; the app's close() fails with the list.
 */
export function checkResponsesAgainstDocument(app: FastifyInstance): { violations: string[] } {
  const violations: string[] = [];
  let checker: DocumentChecker | undefined;

  const check = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const url = request.routeOptions.url;
    if (!url || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    checker ??= checkerFor(app.swagger() as unknown as Document);
    const { document, validatorFor } = checker;
    const path = documentedPath(url);
    const method = request.method.toLowerCase();
    const operation = document.paths[path]?.[method];
    if (!operation) return;
    const where = `${request.method} ${path}`;
    const status = String(reply.statusCode);
    const response =
      operation.responses[status] ?? operation.responses[`${status[0]}XX`] ?? operation.responses.default;
    if (!response) {
      violations.push(`${where} answered ${status}, which the document does not list`);
      return;
    }
    const mediaType = mediaTypeOf(reply.getHeader('content-type'));
    if (!mediaType || !response.content) return;
    const documented = Object.keys(response.content).find((each) => matchesMediaType(each, mediaType));
    if (!documented) {
      violations.push(`${where} ${status} sent ${mediaType}, which the document does not list for it`);
      return;
    }
    if (mediaType !== 'application/json' || typeof payload !== 'string') return;
    const validate = validatorFor(path, method, status, documented);
    if (!validate(JSON.parse(payload))) {
      const problems = (validate.errors ?? []).map(
        (error) => `${error.instancePath || '/'} ${error.message}`,
      );
      violations.push(`${where} ${status} body does not match the document: ${problems.join('; ')}`);
    }
  };

  app.addHook('onSend', async (request, reply, payload) => {
    check(request, reply, payload);
    return payload;
  });
  return { violations };
}
