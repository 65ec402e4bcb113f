import { ApiErrorSchema } from '@bizdash/shared';
import { actorOf } from '../../lib/actor.ts';
import { nonJsonResponse } from '../../lib/openapi-responses.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';

/**
 * Server-sent "changed" notices for the signed-in user; registered inside the signed-in scope. The LISTEN behind
 * them is the app's (`deps.live`, opened and closed in app.ts), not this plugin's.
 */
export function liveRoutes({ live }: AppDeps) {
  // The 200 body is a stream, which no response schema describes: declared on the plain instance.
  return typedRoutes(async (_api, app) => {
    app.get(
      '/stream',
      {
        config: { dashboardOnly: true, permission: 'member' },
        schema: {
          tags: ['live'],
          summary:
            'Server-sent events: a "changed" event ({ kind: wallet | transaction | product | user }) whenever that kind of ' +
            "data of the acting user changes, a 'ready' event on opening, and a heartbeat comment every 20 s",
          response: {
            200: nonJsonResponse('The event stream (open until the client or the server ends it)', [
              'text/event-stream',
            ]),
            401: ApiErrorSchema,
            429: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const { actingUserId, ownerId } = actorOf(request);
        const stream = live.open(actingUserId, { ownerId });
        return reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          .send(stream);
      },
    );
  });
}
