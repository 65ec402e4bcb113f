import { LIVE_NOTICE_EVENT, LIVE_READY_EVENT, type LiveNoticeKind, LiveNoticeSchema } from '@bizdash/shared';
import { HttpResponse, http } from 'msw';
import { requireSession } from '../utils';

const encoder = new TextEncoder();
const sseEvent = (event: string, data: object) =>
  encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

/** Every stream a test's screen holds open; pushLiveNotice speaks to all of them. */
const openStreams = new Set<ReadableStreamDefaultController<Uint8Array>>();

/** What the API sends when the merchant's data of that kind changes (for example a customer's payment). */
export function pushLiveNotice(kind: LiveNoticeKind): void {
  const event = sseEvent(LIVE_NOTICE_EVENT, LiveNoticeSchema.parse({ kind }));
  for (const stream of openStreams) stream.enqueue(event);
}

/** How many live streams are open now. */
export const openLiveStreams = () => openStreams.size;

/** Between tests: a stream a finished test left open (its abort still on the way) must not count in the next. */
export function closeLiveStreams(): void {
  for (const stream of openStreams) {
    try {
      stream.close();
    } catch {
      // Already closed by its reader: nothing left to end.
    }
  }
  openStreams.clear();
}

export const liveHandlers = [
  // As the API: "ready" at once, then open until the client goes away.
  http.get('/api/events/stream', ({ request }) => {
    requireSession(request);
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    const close = () => {
      if (!controller || !openStreams.delete(controller)) return;
      controller.close();
    };
    const body = new ReadableStream<Uint8Array>({
      start(streamController) {
        controller = streamController;
        openStreams.add(streamController);
        streamController.enqueue(sseEvent(LIVE_READY_EVENT, {}));
      },
      cancel: close,
    });
    request.signal.addEventListener('abort', close);
    // Aborted while the handler ran (a screen left at once): the event has fired already and never comes again.
    if (request.signal.aborted) close();
    return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
  }),
];
