import { emailField, SandboxMailboxResponseSchema } from '@bizdash/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../types.ts';

const MailboxQuerySchema = z.object({ email: emailField });

/** Registered only while the sandbox email provider is active: it lets anyone on this instance read test mail. */
export function sandboxRoutes({ email }: AppDeps) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/mailbox',
      {
        schema: {
          tags: ['sandbox'],
          summary: 'Emails the sandbox provider "sent" to an address, newest first',
          querystring: MailboxQuerySchema,
          response: { 200: SandboxMailboxResponseSchema },
        },
      },
      async (request) => ({ messages: await email.mailbox(request.query.email) }),
    );
  };
}
