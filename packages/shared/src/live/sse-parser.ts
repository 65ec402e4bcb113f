/** One server-sent event: its name ("message" when none was given) and its data lines joined by newlines. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * An incremental parser of the text/event-stream format (WHATWG HTML, server-sent events) for clients that
 * read the stream themselves, as the dashboard must: EventSource cannot send an Authorization header. Feed it
 * decoded text in chunks of any size; comments (heartbeats) and id/retry fields are dropped.
 */
export function createSseParser(onEvent: (event: SseEvent) => void) {
  let buffer = '';
  let eventName = '';
  let dataLines: string[] = [];

  const dispatch = () => {
    if (dataLines.length > 0) onEvent({ event: eventName || 'message', data: dataLines.join('\n') });
    eventName = '';
    dataLines = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') dataLines.push(value);
  };

  return {
    push(chunk: string) {
      buffer += chunk;
      const lines = buffer.split(/\r\n|\r|\n/);
      // A chunk may end between "\r" and "\n": keep a trailing "\r" for the next chunk to complete.
      let rest = lines.pop() ?? '';
      if (buffer.endsWith('\r')) rest = `${lines.pop() ?? ''}\r`;
      buffer = rest;
      for (const text of lines) line(text);
    },
  };
}
