import { readFileSync } from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { PUBLIC_API_EXAMPLES } from './openapi-examples.ts';

const TEST_MODE_NOTE =
  'Test mode: this instance uses sandbox providers. Card payments and emails are simulated and no real money moves.';

/** The reference's "Authentication" section: how a dashboard and a shop's server each prove who they are. */
const AUTHENTICATION = `## Authentication

Every signed-in route takes \`Authorization: Bearer <credential>\`, where the credential is one of:

- **A session token** (a JWT from \`POST /api/auth/signin\`): what the dashboard uses. It ends at sign-out, on a password change and after its lifetime.
- **An API key** (\`bzk_test_…\` while the instance runs on sandbox providers, \`bzk_live_…\` with real ones): what a shop's server uses. Generate one in Developer Settings or with \`PUT /api/users/update-api-details\` \`{ userId, generateNewKey: true }\`. A new key replaces the current one, which keeps working for the overlap (24 hours by default, \`keyRollOverlapHours\` in the answer) so you can deploy it without downtime; \`deleteKey\` stops every key at once. Each key is rate-limited on its own (429 with \`Retry-After\`). A key cannot reach what concerns the person rather than the business (password, two-factor, sessions, notifications, KYC, API keys and apps themselves): those answer **401 \`API_KEY_NOT_ALLOWED\`**. An unknown, deleted or expired key answers 401 \`UNAUTHORIZED\`.

**Acting for an app.** A merchant's session or key acts for the merchant, or for one of its apps when the request sends the header \`user_id: <appId>\` (or names the app as \`userId\`). An app's own key acts for that app only: naming the merchant or another app answers 404, as does any id that is not yours.

**Retrying safely.** Requests that move money (checkout payments, conversions, payouts) take an \`Idempotency-Key\` header: a retry with the same key and body answers what the first did instead of moving the money twice; the same key with another body is refused with 409.

Amounts are integer minor units (kobo, cents) with a currency code beside them. Errors are \`{ error, code, details? }\`.`;

/** The public API's examples (openapi-examples.ts) on the body and success answer of the route they are for. */
function withExamples(schema: Record<string, unknown>, route: { method: string | string[]; url: string }) {
  const examples = PUBLIC_API_EXAMPLES[`${String(route.method)} ${route.url}`];
  if (!examples) return schema;
  const response = { ...(schema.response as Record<string, Record<string, unknown>> | undefined) };
  for (const [status, example] of Object.entries(examples.response)) {
    const answer = response[status];
    if (answer) response[status] = { ...answer, examples: [example] };
  }
  const body = schema.body as Record<string, unknown> | undefined;
  return {
    ...schema,
    ...(body && examples.body ? { body: { ...body, examples: [examples.body] } } : {}),
    response,
  };
}

/** Routes a key may call carry both schemes in the reference (and examples); dashboard-only ones the session alone. */
const withApiKeySecurity: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const security = transformed.schema.security as Record<string, string[]>[] | undefined;
  if (!security?.some((scheme) => 'bearerAuth' in scheme) || input.route.config?.dashboardOnly)
    return transformed;
  const schema = withExamples(transformed.schema as Record<string, unknown>, input.route);
  return { ...transformed, schema: { ...schema, security: [...security, { apiKeyAuth: [] }] } };
};

const logo = readFileSync(path.resolve(import.meta.dirname, '../../../web/public/favicon.svg'));

/** OpenAPI from the route schemas, with an interactive reference at /api/docs (the sidebar's "API Docs"). */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Bizdash API',
        description:
          `Merchant payments and wallet API.\n\n${AUTHENTICATION}` +
          (app.deps.testMode ? `\n\n**${TEST_MODE_NOTE}**` : ''),
        version: '0.1.0',
      },
      servers: [{ url: config.publicUrl }],
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
    transform: withApiKeySecurity,
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
