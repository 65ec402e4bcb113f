import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../helper.ts';

const INDEX_HTML = path.resolve(import.meta.dirname, '../../../../web/index.html');

describe("the web app's inline theme script", () => {
  const ctx = useTestApp();

  it("is the only script the Content-Security-Policy allows besides the server's own files, by its hash", async () => {
    const inline = [...readFileSync(INDEX_HTML, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)];
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256')
      .update(inline[0]?.[1] ?? '')
      .digest('base64');

    const response = await ctx.app.inject({ url: '/api/health' });
    const scriptSrc = String(response.headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('script-src'));
    // A changed script needs its new hash in apps/api/src/plugins/security.ts, or browsers refuse to run it.
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });
});
