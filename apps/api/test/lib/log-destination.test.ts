import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { flushed, logDestination } from '../../src/lib/log-destination.ts';

describe('the log destination', () => {
  const file = path.join(os.tmpdir(), `bizdash-log-destination-${randomUUID()}.log`);
  afterEach(() => rm(file, { force: true }));

  it('writes lines together in the background, whole and at most 4096 bytes at a time, so processes sharing stdout never interleave inside a line', async () => {
    const destination = logDestination(file);
    const writes: number[] = [];
    destination.on('write', (bytes: number) => writes.push(bytes));
    const logger = pino(destination);
    for (let line = 1; line <= 3_000; line++)
      logger.info({ line, padding: 'x'.repeat(line % 300) }, 'a line');
    await flushed(destination);

    const written = await readFile(file);
    const lines = written.toString('utf8').trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).line)).toEqual(
      Array.from({ length: 3_000 }, (_, i) => i + 1),
    );
    let end = 0;
    for (const bytes of writes.filter((bytes) => bytes > 0)) {
      expect(bytes).toBeLessThanOrEqual(4096);
      end += bytes;
      expect(written[end - 1]).toBe('\n'.charCodeAt(0));
    }
    expect(end).toBe(written.length);
    // Logged while the first write was under way, the rest left in a few writes rather than one each.
    expect(writes.length).toBeLessThan(3_000 / 5);
    destination.end();
  });
});
