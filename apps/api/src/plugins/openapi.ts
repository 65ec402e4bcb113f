import { readFileSync } from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { completeDocument, contractTransform, webhooksDocument } from './openapi-contract.ts';

const TEST_MODE_NOTE =
  '**Test mode**: card payments, name enquiry or payouts go through a sandbox or a Paystack test key: no real money moves.';
const LIVE_MODE_NOTE =
  '**Live mode**: card payments, name enquiry and payouts go through Paystack with a live key: real money moves.';

/** The reference's "Authentication" section: how a dashboard and a shop's server each prove who they are. */
const AUTHENTICATION = `## Authentication

Every signed-in route takes \`Authorization: Bearer <credential>\`, where the credential is one of:

- **A session token** (a JWT from \`POST /api/auth/signin\`): what the dashboard uses. It ends at sign-out, on a password change and after its lifetime.
- **An API key** (\`bzk_test_…\` while the instance runs on sandbox providers, \`bzk_live_…\` with real ones): what a shop's server uses. Generate one in Developer Settings or with \`PUT /api/users/update-api-details\` \`{ userId, generateNewKey: true }\`. A new key replaces the current one, which keeps working for the overlap (24 hours by default, \`keyRollOverlapHours\` in the answer) so you can deploy it without downtime; \`deleteKey\` stops every key at once. Each key is rate-limited on its own (429 with \`Retry-After\`). A key cannot reach what concerns the person rather than the business (password, two-factor, sessions, notifications, KYC, API keys and apps themselves): those answer **401 \`API_KEY_NOT_ALLOWED\`**. An unknown, deleted or expired key answers 401 \`UNAUTHORIZED\`.

**Acting for an app.** A merchant's session or key acts for the merchant, or for one of its apps when the request sends the header \`user_id: <appId>\` (or names the app as \`userId\`). An app's own key acts for that app only: naming the merchant or another app answers 404, as does any id that is not yours.

**Retrying safely.** Requests that move money (checkout payments, conversions, payouts) take an \`Idempotency-Key\` header: a retry with the same key and body answers what the first did instead of moving the money twice; the same key with another body is refused with 409.

Amounts are integer minor units (kobo, cents) with a currency code beside them. Errors are \`{ error, code, details? }\`.`;

const logo = readFileSync(path.resolve(import.meta.dirname, '../../../web/public/favicon.svg'));

/** OpenAPI from the route schemas, with an interactive reference at /api/docs (the sidebar's "API Docs"). */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      // 3.1: JSON Schema 2020-12 (null is a type, so nullable enums say so) and the `webhooks` section.
      openapi: '3.1.0',
      info: {
        title: 'Bizdash API',
        description:
          `Merchant payments and wallet API.\n\n${app.deps.testMode ? TEST_MODE_NOTE : LIVE_MODE_NOTE}\n\n` +
          AUTHENTICATION,
        version: '0.1.0',
      },
      servers: [{ url: config.publicUrl }],
      webhooks: webhooksDocument(),
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'A session token from POST /api/auth/signin (the dashboard).',
          },
          apiKeyAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'bzk_test_… / bzk_live_…',
            description:
              "An API key from Developer Settings (a shop's server): `Authorization: Bearer bzk_…`. Refused by dashboard-only routes with 401 API_KEY_NOT_ALLOWED.",
          },
        },
      },
    },
    transform: contractTransform(app),
    transformObject: completeDocument,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null, tryItOutEnabled: true },
    theme: {
      title: 'Bizdash API reference',
      favicon: [{ filename: 'favicon.svg', rel: 'icon', type: 'image/svg+xml', sizes: 'any', content: logo }],
    },
    logo: { type: 'image/svg+xml', content: logo, href: '/dashboard', target: '_self' },
    staticCSP: false,
  });
}
