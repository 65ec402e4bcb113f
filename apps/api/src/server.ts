import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { mailboxLink } from './features/sandbox/mailbox-key.ts';

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // Fastify logs one line per interface; start-up should say one thing: where to go.
  const level = app.log.level;
  app.log.level = 'warn';
  await app.listen({ port: config.port, host: config.host });
  app.log.level = level;
  app.log.info(`Bizdash is running at ${config.publicUrl}${testModeNote(app)}`);
}

/** Test mode says so where the operator looks first, with the one link that opens the sandbox mailbox. */
function testModeNote(app: FastifyInstance): string {
  if (!app.deps.testMode) return '';
  const mailbox = app.deps.email.provider === 'sandbox' ? `; sandbox mailbox: ${mailboxLink(app.deps)}` : '';
  return ` in test mode (sandbox providers, no real money moves)${mailbox}`;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
