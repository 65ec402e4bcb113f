import { ApiErrorSchema, HealthSchema } from '@bizdash/shared';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';

export function healthRoutes({ database, testMode }: AppDeps) {
  return typedRoutes(async (api) => {
    api.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary:
            'Liveness, database reachability, and whether this instance runs in test mode (sandbox providers)',
          response: { 200: HealthSchema, 503: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        try {
          await database.ping();
          return { status: 'ok' as const, database: 'up' as const, testMode };
        } catch (error) {
          request.log.error({ err: error }, 'health check: database did not answer');
          return reply.code(503).send({ error: 'Database unavailable', code: 'DATABASE_DOWN' });
        }
      },
    );
  });
}
