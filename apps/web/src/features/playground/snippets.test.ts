import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PreparedRequest } from './request-draft';
import { snippetFor } from './snippets';

const refund: PreparedRequest = {
  method: 'POST',
  path: '/api/refunds',
  query: [['note', "it's here"]],
  headers: [
    ['Idempotency-Key', '6f1c1b1e-3a0e-4d8e-9f61-2b7d0c4a9e10'],
    ['user_id', '5f0c2a9e-3b1d-4c6e-8a7f-1d2e3f4a5b6c'],
  ],
  body: {
    kind: 'json',
    value: {
      amount: 500_000,
      merchantNote: `Customer's "blue" scarf\n$HOME`,
      restock: false,
      customerNote: null,
    },
  },
};

const options = { serverUrl: 'https://api.bizdash.example/', request: refund, signedIn: true };

describe('snippetFor', () => {
  it('writes curl a shell runs with exactly the body, headers and address of the form, the key from the environment', () => {
    // A stand-in curl that prints the arguments the shell hands it, one per line.
    const script = `curl() { printf '%s\\n' "$@"; }\n${snippetFor('curl', options)}`;
    const args = execFileSync('bash', ['-c', script], {
      env: { PATH: process.env.PATH ?? '', BIZDASH_API_KEY: 'bzk_test_example' },
      encoding: 'utf8',
    }).split('\n');
    expect(args.slice(0, 12)).toEqual([
      '-X',
      'POST',
      'https://api.bizdash.example/api/refunds?note=it%27s+here',
      '-H',
      'Authorization: Bearer bzk_test_example',
      '-H',
      'Idempotency-Key: 6f1c1b1e-3a0e-4d8e-9f61-2b7d0c4a9e10',
      '-H',
      'user_id: 5f0c2a9e-3b1d-4c6e-8a7f-1d2e3f4a5b6c',
      '-H',
      'Content-Type: application/json',
      '-d',
    ]);
    expect(JSON.parse(args.slice(12).join('\n'))).toEqual(refund.body?.kind === 'json' && refund.body.value);
  });

  it('writes Node that parses, reading the key from process.env', () => {
    const snippet = snippetFor('node', options);
    expect(snippet).toContain(`Authorization: \`Bearer \${process.env.BIZDASH_API_KEY}\``);
    const directory = mkdtempSync(path.join(os.tmpdir(), 'bizdash-snippet-'));
    try {
      const file = path.join(directory, 'snippet.mjs');
      writeFileSync(file, snippet);
      expect(() => execFileSync(process.execPath, ['--check', file], { stdio: 'pipe' })).not.toThrow();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("writes Python with Python's literals, reading the key from os.environ", () => {
    const snippet = snippetFor('python', options);
    expect(snippet).toContain('"Authorization": "Bearer " + os.environ["BIZDASH_API_KEY"],');
    expect(snippet).toContain('requests.post(');
    expect(snippet).toContain('"restock": False,');
    expect(snippet).toContain('"customerNote": None,');
  });

  it('leaves the key out of a public operation', () => {
    for (const language of ['curl', 'node', 'python'] as const) {
      expect(snippetFor(language, { ...options, signedIn: false })).not.toContain('BIZDASH_API_KEY');
    }
  });
});
