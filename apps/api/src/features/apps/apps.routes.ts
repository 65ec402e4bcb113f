import {
  ApiErrorSchema,
  AppInputSchema,
  AppsResponseSchema,
  DeleteAppResponseSchema,
  RegisterAppQuerySchema,
  UserIdParamsSchema,
  UserSchema,
} from '@bizdash/shared';
import { actorOf } from '../../lib/actor.ts';
import { noStore } from '../../lib/no-store.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { createApp, deleteApp, listApps } from './apps.service.ts';

const tags = ['apps'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

/** Apps (SPEC sections 3, 4 and 7): users registered with isApp under the merchant, each with its own money. */
export function appsRoutes(deps: AppDeps) {
  return typedRoutes(async (typed) => {
    typed.post(
      '/register',
      {
        onSend: noStore,
        config: { dashboardOnly: true, permission: 'developers.manage' },
        schema: {
          tags,
          summary: 'Register an app of the signed-in merchant, with its own NGN and USD wallets',
          description: "`?isApp=true` with `{ name, description }`; the app's businessName is its name.",
          querystring: RegisterAppQuerySchema,
          body: AppInputSchema,
          response: { 201: UserSchema, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await createApp(deps, actorOf(request), request.body)),
    );

    typed.get(
      '/:userId/apps',
      {
        config: { dashboardOnly: true, permission: 'member' },
        schema: {
          tags,
          summary: "The merchant's apps, newest first, each with its wallets (archived apps are not listed)",
          params: UserIdParamsSchema,
          response: { 200: AppsResponseSchema, ...errors },
        },
      },
      async (request) => ({ apps: await listApps(deps, actorOf(request)) }),
    );

    typed.delete(
      '/:userId',
      {
        config: { dashboardOnly: true, permission: 'developers.manage' },
        schema: {
          tags,
          summary:
            'Delete an app: erased when it never held money nor did anything, archived (kept, hidden, keys stopped) otherwise',
          params: UserIdParamsSchema,
          response: { 200: DeleteAppResponseSchema, ...errors },
        },
      },
      async (request) => deleteApp(deps, actorOf(request)),
    );
  });
}
