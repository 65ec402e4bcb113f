import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../helper.ts';

const INDEX_HTML = path.resolve(import.meta.dirname, '../../../../web/index.html');
/** Put inline into /dashboard's page by the web build (apps/web/route-pages.ts), as the file is. */
const DASHBOARD_PAGE_SCRIPT = path.resolve(import.meta.dirname, '../../../../web/dashboard-page-script.js');

const sha256 = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

describe("the web app's inline scripts", () => {
  const ctx = useTestApp();

  it("are the only scripts the Content-Security-Policy allows besides the server's own files, by their hashes", async () => {
    const inline = [...readFileSync(INDEX_HTML, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)];
    expect(inline).toHaveLength(1);
    const theme = sha256(inline[0]?.[1] ?? '');
    const dashboard = sha256(readFileSync(DASHBOARD_PAGE_SCRIPT, 'utf8'));

    const response = await ctx.app.inject({ url: '/api/health' });
    const scriptSrc = String(response.headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('script-src'));
    // A changed script needs its new hash in apps/api/src/plugins/security.ts, or browsers refuse to run it.
    expect(scriptSrc).toBe(`script-src 'self' ${theme} ${dashboard}`);
  });
});
