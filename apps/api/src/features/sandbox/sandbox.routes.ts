import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../types.ts';

const MailboxQuerySchema = z.object({ email: z.email('Email is invalid') });
const MailboxSchema = z.object({
  messages: z.array(
    z.object({ id: z.uuid(), to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() }),
  ),
});

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
          response: { 200: MailboxSchema },
        },
      },
      async (request) => ({ messages: await email.mailbox(request.query.email) }),
    );
  };
}
