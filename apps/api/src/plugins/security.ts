import type { ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/**
 * The web app's inline scripts, allowed by their hashes; test/features/platform/theme-script.test.ts fails when one
 * changes. apps/web/index.html's puts the theme on the page before its first paint (ADR 062); /dashboard's page
 * (apps/web/dashboard-page-script.js) starts the shell's first requests and fits the painted shell (ADR 067).
 */
const THEME_SCRIPT_HASH = "'sha256-Jtl3eerqx6oGxJFnd7vpLg5uWP4euJFwpqHGi5U9S1E='";
const DASHBOARD_PAGE_SCRIPT_HASH = "'sha256-LKM/zu/+dvuWpu3YGyuXKF0p/9gaz2tGH1Rzkx8uzyg='";

const helmetOptions = (config: Config): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", THEME_SCRIPT_HASH, DASHBOARD_PAGE_SCRIPT_HASH],
      // react-hot-toast and Swagger UI set inline styles; scripts are files of the server's own but the ones above.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
    },
  },
  // Sent per request, only over HTTPS (below).
  strictTransportSecurity: false,
  // The same as the policy's frame-ancestors 'none', for browsers that only read this header.
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
});

/**
 * The headers helmet sets, worked out once: they are the same for every response, and @fastify/helmet would
 * build helmet (and parse the policy) again on every request.
 */
function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => undefined,
  } as unknown as ServerResponse;
  helmet(helmetOptions(config))(undefined as never, recorder, () => undefined);
  return headers;
}

/** One year, subdomains too (RFC 6797). */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Strict headers for the SPA, the API and the API reference alike: nothing loads from another host. HSTS only on
 * a request that came over HTTPS: its own TLS, or X-Forwarded-Proto: https from a proxy TRUST_PROXY trusts (a
 * browser ignores it over plain HTTP, where anyone on the path could have added or removed it).
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  const headers = securityHeaders(config);
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });

  // CORS is closed unless CORS_ORIGINS names origins; same-origin requests need no CORS at all.
  if (config.corsOrigins.length === 0) return;
  const allowed = new Set(config.corsOrigins);
  await app.register(cors, {
    // false for any other origin: no CORS headers, and its preflight is not answered.
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: 'GET,POST,PUT,DELETE,OPTIONS',
    allowedHeaders:
      'Authorization,Content-Type,user_id,source_system,request_time,Cache-Control,Idempotency-Key',
    maxAge: 600,
  });
}
