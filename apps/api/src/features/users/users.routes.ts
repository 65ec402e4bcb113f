import {
  ApiErrorSchema,
  UpdateProfileRequestSchema,
  UpdateUserRequestSchema,
  UserIdParamsSchema,
  UserSchema,
} from '@bizdash/shared';
import { actorOf } from '../../lib/actor.ts';
import { noStore } from '../../lib/no-store.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { businessAuditOf } from '../audit/index.ts';
import { importRemoteImage } from '../files/index.ts';
import { getUser, updateProfile, updateUser } from './users.service.ts';

const KEYS_NOT_SHOWN_TO_KEYS =
  'Asked with an API key, `apiKey.apiKey` and `apiKey.webhookSecret` are always null: a key never reads a key or a signing secret, its own and the one that replaced it included. A signed-in session reads both.';

export function usersRoutes(deps: AppDeps) {
  const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
  const ownFilePrefix = `${deps.config.publicUrl}/api/files/`;
  const isOwnFileUrl = (url: string) =>
    url.startsWith(ownFilePrefix) && !url.slice(ownFilePrefix.length).includes('/');
  const importImage = (input: { ownerId: string; url: string }) => importRemoteImage(input, deps);
  return typedRoutes(async (typed) => {
    typed.put(
      '/:userId/profile',
      {
        onSend: noStore,
        config: { dashboardOnly: true, permission: 'self' },
        schema: {
          tags: ['users'],
          summary: 'Update first name, last name and phone number (the email must be the current one)',
          params: UserIdParamsSchema,
          body: UpdateProfileRequestSchema,
          response: { 200: UserSchema, ...errors },
        },
      },
      async (request) =>
        updateProfile(deps, actorOf(request), request.body, businessAuditOf(request, actorOf(request))),
    );

    typed.put(
      '/:userId',
      {
        config: { permission: 'settings.manage' },
        onSend: noStore,
        schema: {
          tags: ['users'],
          summary:
            'Update the business description, checkout logo and who pays the checkout fee (company name and country are fixed); for an app, its name and description',
          description: `Company details: \`businessName\` and \`countryOfBusiness\` sent back unchanged, with \`businessDescription\`, \`checkoutLogUrl\` and \`chargeCheckoutFeeToCustomer\`. For an app (SPEC section 7, \`PUT /users/{appId}\`): \`{ name, description }\`; the name becomes its businessName. ${KEYS_NOT_SHOWN_TO_KEYS}`,
          params: UserIdParamsSchema,
          body: UpdateUserRequestSchema,
          response: { 200: UserSchema, ...errors },
        },
      },
      async (request) =>
        updateUser(
          deps,
          actorOf(request),
          request.body,
          importImage,
          isOwnFileUrl,
          businessAuditOf(request, actorOf(request)),
        ),
    );

    typed.get(
      '/:userId',
      {
        config: { permission: 'member' },
        onSend: noStore,
        schema: {
          tags: ['users'],
          summary: 'The merchant (or one of its apps) with wallets and settings',
          description: KEYS_NOT_SHOWN_TO_KEYS,
          params: UserIdParamsSchema,
          response: { 200: UserSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
        },
      },
      async (request) => getUser(deps, actorOf(request)),
    );
  });
}
