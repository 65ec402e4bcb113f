import { server } from './server';

export interface RecordedRequest {
  /** Path and query, as the app wrote it (`/api/products?page=1&size=10`). */
  url: string;
  method: string;
  headers: Headers;
  /** The parsed JSON body (or its text); filled in as soon as the body is read, before any answer. */
  body: unknown;
}

/** Every request the app sends from now on, in order, whoever answers it. Stops at the end of the test. */
export function recordRequests(): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const recorded: RecordedRequest = {
      url: url.pathname + url.search,
      method: request.method,
      headers: new Headers(request.headers),
      body: undefined,
    };
    requests.push(recorded);
    void request
      .clone()
      .text()
      .then((text) => {
        if (!text) return;
        try {
          recorded.body = JSON.parse(text);
        } catch {
          recorded.body = text;
        }
      });
  });
  return requests;
}
