import {
  ApiErrorSchema,
  SandboxBankLinkParamsSchema,
  SandboxBankLinkSessionSchema,
  SandboxBankLinkSubmissionSchema,
} from '@bizdash/shared';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { callbackUndelivered, postSandboxCallback, sandboxSessionRoute } from '../../lib/sandbox-callback.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { SANDBOX_BANK_LINK_INVALID_CREDENTIALS } from '../../providers/bank-link/sandbox-bank-link-data.ts';
import type { DeliverBankLinkCallback } from '../../providers/bank-link/sandbox-bank-link-page.ts';
import type { AppDeps } from '../../types.ts';

const SESSION_NOT_FOUND = 'This bank link is not valid or has expired. Start again from Bizdash.';
const UNDELIVERED = callbackUndelivered('The account could not be sent to Bizdash. Please try again.');

/**
 * The sandbox bank-link provider's hosted page API (public: the session id in the link is the credential, as a
 * real provider's link token is). Registered only while the bank-link provider is the sandbox.
 */
export function bankLinkSandboxRoutes(deps: AppDeps) {
  return typedRoutes(async (typed, app) => {
    const page = deps.bankLink.sandbox;
    if (!page) return;

    // The sandbox's callbacks take the same road as a real provider's: signed, through the callback endpoint.
    const deliver: DeliverBankLinkCallback = async (callback) => {
      const response = await postSandboxCallback(app, '/api/bank/link/callback', callback, 'bank-link');
      if (response.statusCode === 200) return { accepted: true };
      if (response.statusCode !== 409) return { accepted: false, refusal: null };
      const { error } = response.json() as { error?: string };
      return { accepted: false, refusal: error ?? 'The account could not be added.' };
    };

    sandboxSessionRoute(typed, {
      summary: "The sandbox hosted bank link's session: where it stands, its banks and test sign-ins",
      params: SandboxBankLinkParamsSchema,
      session: SandboxBankLinkSessionSchema,
      find: (sessionId) => page.session(sessionId),
      notFoundMessage: SESSION_NOT_FOUND,
    });

    typed.post(
      '/sessions/:sessionId/submit',
      {
        schema: {
          tags: ['sandbox'],
          summary:
            'Signs in to the chosen sandbox bank (user_good / pass_good; anything else is refused) and links its ' +
            'checking or savings account; the account reaches the API as a signed callback',
          params: SandboxBankLinkParamsSchema,
          body: SandboxBankLinkSubmissionSchema,
          response: {
            200: SandboxBankLinkSessionSchema,
            400: ApiErrorSchema,
            404: ApiErrorSchema,
            409: ApiErrorSchema,
            502: ApiErrorSchema,
          },
        },
      },
      async (request) => {
        const result = await page.submit(request.params.sessionId, request.body, deliver);
        switch (result.kind) {
          case 'NOT_FOUND':
            throw notFound(SESSION_NOT_FOUND);
          case 'UNKNOWN_INSTITUTION':
            throw badRequest('Select your bank', 'UNKNOWN_INSTITUTION');
          case 'INVALID_CREDENTIALS':
            throw badRequest(SANDBOX_BANK_LINK_INVALID_CREDENTIALS, 'BANK_LOGIN_INVALID');
          case 'ALREADY_SUBMITTED':
            throw conflict('This bank link was already used.', 'LINK_ALREADY_USED');
          case 'UNDELIVERED':
            throw UNDELIVERED;
          default:
            return result.session;
        }
      },
    );
  });
}
