import {
  ApiErrorSchema,
  PageQuerySchema,
  SignInHistoryPageSchema,
  UserIdParamsSchema,
} from '@bizdash/shared';
import { actorOf } from '../../lib/actor.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { signInHistory } from './sign-ins.service.ts';

/** The person's own sign-in history (issue 23 §3), under /api/users next to the password and sessions routes. */
export function signInsRoutes(deps: AppDeps) {
  return typedRoutes(async (api) => {
    api.get(
      '/:userId/sign-ins',
      {
        config: { dashboardOnly: true, permission: 'self' },
        schema: {
          tags: ['security'],
          summary:
            'Your own sign-ins and failed sign-ins, newest first: when, from which IP address and device',
          description:
            'Read from the audit trail. `device` is the browser and system the user agent names ("Chrome on macOS"), null when it names none; `failedStep` says which step of a failed sign-in failed (`password` or `two_factor`). Only for the signed-in person\'s own account (`userId` their own id).',
          params: UserIdParamsSchema,
          querystring: PageQuerySchema,
          response: {
            200: SignInHistoryPageSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            404: ApiErrorSchema,
          },
        },
      },
      async (request) => signInHistory(deps, actorOf(request), request.query),
    );
  });
}
