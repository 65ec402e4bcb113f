import { createSseParser, type SseEvent } from '@bizdash/shared';
import { apiStream } from './api-client';

/**
 * Reads a server-sent event stream of the API until it ends. fetch rather than EventSource, which cannot send
 * the Authorization and user_id headers; a refused stream rejects with an ApiError (401/403 sign out first).
 */
export async function readEventStream(
  path: string,
  { signal, onEvent }: { signal: AbortSignal; onEvent: (event: SseEvent) => void },
): Promise<void> {
  const response = await apiStream(path, { accept: 'text/event-stream', signal });
  if (!response.body) return;
  const parser = createSseParser(onEvent);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.push(decoder.decode(value, { stream: true }));
  }
}
