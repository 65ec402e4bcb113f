import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';

export type LogDestination = ReturnType<typeof pino.destination>;

/**
 * The most one write takes: Linux writes this much to a pipe at once or not at all, so the processes of one
 * deployment (WEB_CONCURRENCY) sharing a stdout pipe never interleave inside a line (a longer line goes alone).
 */
const PIPE_BUF = 4096;

/**
 * Where the API's log lines go (stdout, or a file): written off the request's path. A line is handed to the
 * destination and the request goes on; the write happens in the background, and lines logged while one is under
 * way go out together in the next (issue 26 §4: synchronous writes to stdout were 4.5% of the API's profile).
 * Lines still on their way when the process exits are written then (pino flushes its destinations on exit);
 * closing the app waits for them (flushed, below).
 */
export function logDestination(dest: number | string = 1): LogDestination {
  return pino.destination({ dest, sync: false, maxWrite: PIPE_BUF });
}

/** The longest a close waits for its last lines: a destination nobody reads (a closed pipe) must not hold it up. */
const FLUSH_WAIT_MS = 2_000;

/**
 * Resolves once every line logged so far is written, in order: an empty write joins the queue behind them, and
 * the destination says 'drain' when the queue is empty.
 */
export function flushed(destination: LogDestination): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      destination.off('drain', done).off('error', done);
      resolve();
    };
    const timer = setTimeout(done, FLUSH_WAIT_MS);
    destination.once('drain', done).once('error', done);
    try {
      destination.write('');
    } catch {
      done(); // already ended: nothing is waiting
    }
  });
}

/**
 * One line per request, when it is answered (Fastify's default is two: one on arrival, one on completion): the
 * method, the address (redacted by the request serializer), the status and the time taken.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request completed');
  }
}
