import { ApiErrorSchema, ApiKeyDetailsSchema, UpdateApiDetailsRequestSchema } from '@bizdash/shared';
import { actorOf } from '../../lib/actor.ts';
import { noStore } from '../../lib/no-store.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { updateApiDetails } from './api-key-details.service.ts';

/** PUT /api/users/update-api-details (SPEC sections 2 and 7): the API key and webhook of the merchant or one of its apps. */
export function apiKeysRoutes(deps: AppDeps) {
  return typedRoutes(async (api) => {
    api.put(
      '/update-api-details',
      {
        onSend: noStore,
        config: { dashboardOnly: true, permission: 'developers.manage' },
        schema: {
          tags: ['api-keys'],
          summary:
            'Set the webhook URL, generate a new API key (the old one keeps working for the overlap) or delete every key',
          description:
            'Send `userId` (the merchant or one of its apps) and exactly one of `webhookUrl`, `generateNewKey: true` or `deleteKey: true`. Answers the updated `apiKey` details. Signed-in sessions only: an API key cannot manage keys.',
          body: UpdateApiDetailsRequestSchema,
          response: {
            200: ApiKeyDetailsSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            404: ApiErrorSchema,
          },
        },
      },
      async (request) => updateApiDetails(deps, actorOf(request), request.body, request),
    );
  });
}
