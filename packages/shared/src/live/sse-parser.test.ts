import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse-parser.ts';

const parse = (chunks: string[]) => {
  const events: SseEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  return events;
};

describe('createSseParser', () => {
  it('yields named events and skips heartbeat comments and retry fields', () => {
    expect(
      parse([
        'retry: 3000\nevent: ready\ndata: {}\n\n: heartbeat\n\nevent: changed\ndata: {"kind":"wallet"}\n\n',
      ]),
    ).toEqual([
      { event: 'ready', data: '{}' },
      { event: 'changed', data: '{"kind":"wallet"}' },
    ]);
  });

  it('joins events split across chunks anywhere, CRLF included', () => {
    const text = 'event: changed\r\ndata: {"kind":"product"}\r\n\r\ndata: a\ndata: b\n\n';
    const whole = parse([text]);
    for (let cut = 1; cut < text.length; cut++) {
      expect(parse([text.slice(0, cut), text.slice(cut)])).toEqual(whole);
    }
    expect(whole).toEqual([
      { event: 'changed', data: '{"kind":"product"}' },
      { event: 'message', data: 'a\nb' },
    ]);
  });

  it('holds back an event until its blank line arrives', () => {
    expect(parse(['event: changed\ndata: {"kind":"wallet"}\n'])).toEqual([]);
  });
});
