import type { FastifyBaseLogger } from 'fastify';
import type { EmailProvider } from './email-provider.ts';

export function createSandboxEmailProvider(log: FastifyBaseLogger): EmailProvider {
  return {
    name: 'sandbox',
    async deliver(message) {
      log.info({ to: message.to, subject: message.subject }, `sandbox email: ${message.text}`);
    },
  };
}
