import { ApiErrorSchema, emailField, SandboxMailboxResponseSchema } from '@bizdash/shared';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { constantTimeEqual } from '../../lib/constant-time.ts';
import { AppError } from '../../lib/errors.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { ownedUserIds } from '../users/index.ts';
import { MAILBOX_KEY_HEADER, mailboxKey } from './mailbox-key.ts';

const MailboxQuerySchema = z.object({ email: emailField });

const keyRequired = () =>
  new AppError(
    401,
    'SANDBOX_KEY_REQUIRED',
    'The sandbox mailbox needs its operator key: open the mailbox link the server printed when it started.',
  );

/**
 * Registered only while the sandbox email provider is active. Test mail holds sign-in codes and customers'
 * receipts, so only the operator reads it: with the key printed at start-up (ADR 013).
 */
export function sandboxRoutes(deps: AppDeps) {
  const key = mailboxKey(deps);
  return typedRoutes(async (api, app) => {
    // Before validation: a caller without the key learns nothing, not even which queries are valid.
    app.addHook('onRequest', async (request) => {
      const given = request.headers[MAILBOX_KEY_HEADER];
      if (!constantTimeEqual(typeof given === 'string' ? given : undefined, key)) throw keyRequired();
    });

    api.get(
      '/mailbox',
      {
        schema: {
          tags: ['sandbox'],
          summary: `Emails the sandbox provider "sent" to an address, newest first; needs the operator key in the ${MAILBOX_KEY_HEADER} header`,
          headers: z.object({ [MAILBOX_KEY_HEADER]: z.string().describe('The operator key') }),
          querystring: MailboxQuerySchema,
          response: { 200: SandboxMailboxResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
        },
      },
      async (request) => ({ messages: await deps.email.mailbox(request.query.email) }),
    );
  });
}

/**
 * The signed-in merchant's own test mail, without the operator key: what was sent about the merchant and its apps
 * (their codes, their customers' receipts), never anyone else's. Registered, dashboard-only, in the signed-in
 * scope while the sandbox email provider is active (ADR 013).
 */
export function merchantMailboxRoutes(deps: AppDeps) {
  return typedRoutes(async (api) => {
    api.get(
      '/my-mailbox',
      {
        config: { dashboardOnly: true, permission: 'self' },
        schema: {
          tags: ['sandbox'],
          summary:
            'Emails the sandbox provider "sent" about the signed-in merchant and its apps (codes, password links, customers\' receipts), newest first',
          response: { 200: SandboxMailboxResponseSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
        },
      },
      async (request) => {
        const owned = await ownedUserIds(deps.database.db, actorOf(request).ownerId);
        return { messages: await deps.email.mailboxOf(owned.map((user) => user.id)) };
      },
    );
  });
}
