import { ApiErrorSchema } from '@bizdash/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import type { StorageProvider } from '../../providers/storage/storage-provider.ts';
import type { AppDeps } from '../../types.ts';
import { findFile } from './files.repository.ts';

/** Sends stored bytes with their stored type; the browser must never guess another (nosniff). */
export async function sendStored(
  reply: FastifyReply,
  storage: StorageProvider,
  file: { storageKey: string; contentType: string; size: number },
  disposition: string,
) {
  const body = await storage.get(file.storageKey);
  if (!body) throw notFound('File not found');
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', disposition)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(body);
}

/**
 * Public images only: a profile photo or checkout logo (re-encoded pixels) is read by its random id, since the
 * avatar and the public checkout page load it in an <img>. Documents are never served here.
 */
export function filesRoutes({ database, storage }: AppDeps) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/:fileId',
      {
        schema: {
          tags: ['files'],
          summary: 'A stored profile photo or checkout logo',
          params: z.object({ fileId: z.uuid({ error: 'File not found' }) }),
          response: { 404: ApiErrorSchema, 400: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const file = await findFile(database.db, request.params.fileId);
        if (!file || file.purpose === 'document') throw notFound('File not found');
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        return sendStored(reply, storage, file, 'inline');
      },
    );
  };
}
