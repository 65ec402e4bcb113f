import type { ApiError } from '@bizdash/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

const GENERIC_MESSAGE = 'Something went wrong. Please try again!';

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
      const body: ApiError = { error: error.message, code: error.code };
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
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: error.message, code: error.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: GENERIC_MESSAGE, code: 'INTERNAL_ERROR' });
  });
}

export function apiNotFound(): ApiError {
  return { error: 'Not found', code: 'NOT_FOUND' };
}
