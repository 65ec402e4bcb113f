import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

type Answer = (body: string) => { status: number; body: string };
const OK: Answer = () => ({ status: 200, body: 'ok' });

/**
 * A webhook receiver on loopback (the e2e server allows private targets, ALLOW_PRIVATE_WEBHOOK_TARGETS): it keeps
 * every request and answers what `answer` says (200 'ok' by default).
 */
export async function startWebhookReceiver(answer: Answer = OK) {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, body });
      const reply = answer(body);
      response.writeHead(reply.status, { 'content-type': 'text/plain' }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/bizdash`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
