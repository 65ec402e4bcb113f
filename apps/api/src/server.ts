import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { releaseHeldLeases } from './jobs/leases.ts';
import { startupLines } from './startup-lines.ts';

/** What closing takes after the grace: the database's close, and the log's last lines. */
const CLOSING_MS = 3_000;

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A request that hangs is not waited for past the grace (and a little for closing): the leases of what is
    // still in hand are let go, so another process takes it at once, and the process exits (ADR 065).
    setTimeout(async () => {
      app.log.warn('still busy after the shutdown grace: letting go of what it holds and exiting');
      await releaseHeldLeases(app.log, app.deps.leases);
      process.exit(1);
    }, config.shutdownGraceMs + CLOSING_MS).unref();
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

  if (!config.servesRequests) {
    // A dedicated job worker (JOBS_ENABLED=only): the job runner starts once the app is ready; no port is opened.
    await app.ready();
    app.log.info('running jobs only (JOBS_ENABLED=only): this process serves no requests');
    return;
  }
  // Fastify logs one line per interface; start-up says where to go once, in plain lines (startup-lines.ts).
  const level = app.log.level;
  app.log.level = 'warn';
  await app.listen({ port: config.port, host: config.host });
  app.log.level = level;
  app.log.info({ url: config.publicUrl, testMode: app.deps.testMode }, 'listening');
  // Under WEB_CONCURRENCY (scripts/start.mjs) the first process says where to go, not every one.
  if ((process.env.BIZDASH_PROCESS_INDEX ?? '0') === '0')
    process.stdout.write(`\n${startupLines(app.deps).join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
