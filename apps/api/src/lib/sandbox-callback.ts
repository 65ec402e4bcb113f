import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * A sandbox provider's signed callback, sent the road a real provider's takes: through the API's own callback
 * endpoint, with its signature checked there. A refusal other than a conflict is logged (it means a bug).
 */
export async function postSandboxCallback(
  app: FastifyInstance,
  url: string,
  callback: { headers: Record<string, string>; body: string },
  provider: string,
) {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: callback.headers,
    payload: callback.body,
  });
  if (response.statusCode !== 200 && response.statusCode !== 409) {
    app.log.warn(
      { statusCode: response.statusCode, body: response.body },
      `sandbox ${provider} callback refused`,
    );
  }
  return response;
}

/** The sandbox page's answer when its callback did not get through. */
export const callbackUndelivered = (message: string) => new AppError(502, 'CALLBACK_UNDELIVERED', message);
