import { readFileSync } from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';

const TEST_MODE_NOTE =
  'Test mode: this instance uses sandbox providers. Card payments and emails are simulated and no real money moves.';

const logo = readFileSync(path.resolve(import.meta.dirname, '../../../web/public/favicon.svg'));

/** OpenAPI from the route schemas, with an interactive reference at /api/docs (the sidebar's "API Docs"). */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Bizdash API',
        description:
          'Merchant payments and wallet API. Authenticate with `Authorization: Bearer <token>` from POST /api/auth/signin. Amounts are integer minor units (kobo, cents) with a currency code beside them.' +
          (app.deps.testMode ? `\n\n**${TEST_MODE_NOTE}**` : ''),
        version: '0.1.0',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
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
