import { ApiErrorSchema, BankLinkRequestSchema, HostedBankLinkSchema } from '@bizdash/shared';
import { actorOf } from '../../lib/actor.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { signedCallbackRoute } from '../../plugins/provider-callbacks.ts';
import type { AppDeps } from '../../types.ts';
import { applyLinkCallback, createHostedLink } from './bank-link.service.ts';

/** POST /api/users/plaid/link (SPEC section 7): the hosted bank link for a USD settlement account. */
export function bankLinkRoutes(deps: AppDeps) {
  return typedRoutes(async (api) => {
    api.post(
      '/plaid/link',
      {
        config: { dashboardOnly: true, permission: 'bank_accounts.manage' },
        schema: {
          tags: ['banks'],
          summary:
            "A hosted bank-link page (the bank-link provider's: Plaid Hosted Link, or the sandbox's) where the " +
            'merchant signs in to their US bank and picks the account that settles their USD wallet',
          body: BankLinkRequestSchema,
          response: {
            201: HostedBankLinkSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            404: ApiErrorSchema,
            409: ApiErrorSchema,
            502: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const origin = publicOrigin(deps.config, request);
        const link = await createHostedLink(deps, actorOf(request), origin, (error) =>
          request.log.error({ err: error }, 'the bank-link provider did not open a link'),
        );
        return reply.code(201).send(link);
      },
    );
  });
}

/** The bank-link provider's signed callbacks (public: the signature is the credential). */
export function bankLinkCallbackRoutes(deps: AppDeps) {
  return typedRoutes(async (_api, app) => {
    signedCallbackRoute(app, {
      url: '/link/callback',
      tags: ['banks'],
      summary:
        "The bank-link provider's completed link, signed per Standard Webhooks (webhook-id, webhook-timestamp " +
        'within 5 minutes, webhook-signature); each webhook-id is applied once, each link completes once',
      apply: (callback) => applyLinkCallback(deps, callback),
    });
  });
}
