// npm start's processes: how many (WEB_CONCURRENCY), and the primary that forks and minds them (node:cluster).
import cluster from 'node:cluster';

/**
 * WEB_CONCURRENCY as a count of processes: 1 when unset. More than one needs PostgreSQL: the embedded database is
 * one process's (ADR 001). Exits with a sentence for anything else.
 */
export function processCount(env) {
  const raw = env.WEB_CONCURRENCY?.trim() || '1';
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 256) {
    console.error(`WEB_CONCURRENCY must be a whole number of processes from 1 to 256, not "${raw}".`);
    process.exit(1);
  }
  if (count > 1 && !env.DATABASE_URL) {
    console.error(
      `WEB_CONCURRENCY=${count} needs DATABASE_URL: the embedded database (PGlite, used without DATABASE_URL) ` +
        'is opened by one process only. Unset WEB_CONCURRENCY, or set DATABASE_URL to a PostgreSQL server.',
    );
    process.exit(1);
  }
  return count;
}

/** A process that ends this soon after it was forked failed to start (bad settings): it is not forked again. */
const START_FAILURE_MS = 10_000;

/**
 * Forks `count` processes running `entry` (the bundled server), each listening on the same port (the cluster's
 * primary hands out connections). One that dies later is forked again; SIGTERM or SIGINT stops them all (each
 * stops gracefully, ADR 065) and the primary exits once they have.
 */
export function runProcesses(entry, count) {
  // This process's flags (package.json's start), and the bundle's source maps for stack traces.
  cluster.setupPrimary({ exec: entry, execArgv: [...process.execArgv, '--enable-source-maps'] });
  let stopping = false;
  const fork = (index) => {
    const forkedAt = Date.now();
    const worker = cluster.fork({ BIZDASH_PROCESS_INDEX: String(index) });
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      if (Date.now() - forkedAt < START_FAILURE_MS) {
        console.error(`Process ${index + 1} of ${count} failed to start (exit ${code ?? signal}); stopping.`);
        stop('SIGTERM', code || 1);
        return;
      }
      console.error(`Process ${index + 1} of ${count} ended (exit ${code ?? signal}); starting it again.`);
      fork(index);
    });
  };
  const stop = (signal, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    const exitWhenAllGone = () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
    };
    cluster.on('exit', exitWhenAllGone);
    exitWhenAllGone();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let index = 0; index < count; index += 1) fork(index);
}
