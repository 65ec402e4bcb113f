import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ApiError } from '@bizdash/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

const GENERIC_MESSAGE = 'Something went wrong. Please try again!';

/** Fastify's own errors that can reach a client, as the API's codes and sentences: no FST_ code leaks. */
const FRAMEWORK_ERRORS: Record<string, ApiError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', error: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'INVALID_JSON',
    error: 'The request body is empty, but its Content-Type says JSON: send a JSON body.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'BAD_REQUEST',
    error: 'The request body is not as long as its Content-Length header says.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', error: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    error: 'This Content-Type is not accepted here: send application/json (multipart/form-data for uploads).',
  },
  FST_ERR_BAD_URL: {
    code: 'BAD_URL',
    error: 'The address is not a valid URL: a percent sign must start a complete UTF-8 escape such as %20.',
  },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'URL_TOO_LONG', error: 'A part of the address is too long.' },
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: {
    code: 'BAD_REQUEST',
    error: 'The request needs a Content-Type header.',
  },
};

/**
 * Any other error a library answers with a 4xx: its sentence, with a code named after the status
 * (UNSUPPORTED_MEDIA_TYPE for 415), never the library's own.
 */
function statusError(status: number, message: string): ApiError {
  const name = STATUS_CODES[status] ?? 'Bad Request';
  return { error: message || `${name}.`, code: name.toUpperCase().replace(/\W+/g, '_') };
}

/** A framework error as the API answers it, with its status: the known ones mapped, the rest by status. */
function frameworkError(error: FastifyError, status: number): ApiError {
  return (error.code && FRAMEWORK_ERRORS[error.code]) || statusError(status, error.message);
}

/**
 * Errors Fastify raises before a request reaches a route or the error handler (a malformed URL, a path part over
 * the router's limit), in the API's shape. Set as Fastify's frameworkErrors option.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status < 500) return reply.code(status).send(frameworkError(error, status));
  request.log.error({ err: error }, 'request failed before routing');
  return reply.code(500).send({ error: GENERIC_MESSAGE, code: 'INTERNAL_ERROR' });
}

/**
 * What Node's HTTP parser refuses (headers or a URL past its size limit, a request that never finished, bytes
 * that are not HTTP) answered on the socket in the API's shape. Set as Fastify's clientErrorHandler option.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body]: [number, ApiError] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, { error: 'The request headers (or its address) are too large.', code: 'HEADERS_TOO_LARGE' }]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, { error: 'The request took too long to arrive.', code: 'REQUEST_TIMEOUT' }]
        : [400, { error: 'The request is not valid HTTP.', code: 'BAD_REQUEST' }];
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

function validationError(error: FastifyError & { validation: unknown[] }): ApiError {
  const issues = (
    error.validation as {
      instancePath?: string;
      message?: string;
      params?: { issue?: { path?: PropertyKey[] } };
    }[]
  ).map((issue) => ({
    path:
      (issue.params?.issue?.path ?? []).map(String).join('.') ||
      (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message ?? 'Invalid value',
  }));
  return { error: issues[0]?.message ?? 'Invalid request', code: 'VALIDATION_ERROR', details: issues };
}

/** One error shape for every failure: { error, code, details? }, never a stack trace or SQL. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiError = { error: error.message, code: error.code, ...error.extra };
      if (error.details) body.details = error.details;
      return reply.code(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(validationError(error));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ error: GENERIC_MESSAGE, code: 'INTERNAL_ERROR' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .code(429)
        .send({ error: 'Too many requests. Please try again later.', code: 'RATE_LIMITED' });
    }
    if (status >= 400 && status < 500) return reply.code(status).send(frameworkError(error, status));
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: GENERIC_MESSAGE, code: 'INTERNAL_ERROR' });
  });
}

export function apiNotFound(): ApiError {
  return { error: 'Not found', code: 'NOT_FOUND' };
}
