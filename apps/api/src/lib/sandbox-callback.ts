import { ApiErrorSchema } from '@bizdash/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError, notFound } from './errors.ts';
import type { TypedRoutes } from './typed-routes.ts';

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

/**
 * The GET of a sandbox provider's hosted page: its session by the id in the link (public: that id is the
 * credential, as a real provider's link token is), 404 with the page's own sentence when unknown or expired.
 */
export function sandboxSessionRoute(
  api: TypedRoutes,
  page: {
    summary: string;
    params: z.ZodType<{ sessionId: string }>;
    session: z.ZodType;
    find: (sessionId: string) => Promise<unknown>;
    notFoundMessage: string;
  },
) {
  api.get(
    '/sessions/:sessionId',
    {
      schema: {
        tags: ['sandbox'],
        summary: page.summary,
        params: page.params,
        response: { 200: page.session, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const session = await page.find(request.params.sessionId);
      if (!session) throw notFound(page.notFoundMessage);
      return session;
    },
  );
}
