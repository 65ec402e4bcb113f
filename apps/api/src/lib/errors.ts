import type { ApiError } from '@bizdash/shared';

/** An error whose message is safe to show the caller; anything else becomes a generic 500. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: ApiError['details'],
    /** What else the answer carries beside the sentence (ROLE_REQUIRED's permission and roles). */
    readonly extra?: Pick<ApiError, 'permission' | 'roles'>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, code, message);
export const unauthorized = (message = 'Your session has expired. Please sign in again.') =>
  new AppError(401, 'UNAUTHORIZED', message);
/** Owned resources answer 404 to everyone else, never 403: their existence is not the caller's business. */
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const tooManyRequests = (message = 'Too many requests. Please try again later.') =>
  new AppError(429, 'RATE_LIMITED', message);
