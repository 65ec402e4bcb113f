import { typedRoutes } from '../../lib/typed-routes.ts';
import { signedCallbackRoute } from '../../plugins/provider-callbacks.ts';
import type { AppDeps } from '../../types.ts';
import { applyCallback } from './kyc.service.ts';

/** The identity provider's signed callbacks (public: the signature is the credential). */
export function kycCallbackRoutes(deps: AppDeps) {
  return typedRoutes(async (_api, app) => {
    signedCallbackRoute(app, {
      url: '/callback',
      tags: ['kyc'],
      summary:
        "The identity provider's verification update, signed per Standard Webhooks (webhook-id, " +
        'webhook-timestamp within 5 minutes, webhook-signature); each webhook-id is applied once',
      apply: (callback) => applyCallback(deps, deps.identity.verifyCallback(callback)),
    });
  });
}
