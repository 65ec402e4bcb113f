import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const withZod = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** The instance a feature declares its routes on: requests and replies are typed from the routes' zod schemas. */
export type TypedRoutes = ReturnType<typeof withZod>;

/**
 * A feature's route plugin, the one way every feature writes it: `register` gets the zod-typed instance, and the
 * plain one for what is not a route (hooks, content-type parsers, plugins such as multipart).
 */
export const typedRoutes =
  (register: (api: TypedRoutes, app: FastifyInstance) => Promise<void> | void) =>
  async (app: FastifyInstance) =>
    register(withZod(app), app);
