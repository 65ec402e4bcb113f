import { ApiErrorSchema } from '@bizdash/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { nonJsonResponse } from '../../lib/openapi-responses.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { StorageProvider } from '../../providers/storage/storage-provider.ts';
import type { AppDeps } from '../../types.ts';
import { checkFileLink, FILE_LINK_INVALID } from './file-links.ts';
import { findFileById } from './files.repository.ts';

/** Content-Disposition of a download: an ASCII fallback name and the exact name (RFC 6266). */
export const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

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
export function filesRoutes({ database, storage, keys }: AppDeps) {
  return typedRoutes(async (api) => {
    /*
     * A private document read through a link its owner minted (GET /api/document/{userId}/{documentId}/link):
     * the link's HMAC over the file id and expiry is the credential, so a plain <a href> works for 5 minutes.
     */
    api.get(
      '/:fileId/signed',
      {
        schema: {
          tags: ['files'],
          summary: 'A private document through a signed, short-lived link (as an attachment)',
          params: z.object({ fileId: z.uuid({ error: 'File not found' }) }),
          querystring: z.object({
            expires: z.string({ error: FILE_LINK_INVALID }).max(20, FILE_LINK_INVALID),
            signature: z.string({ error: FILE_LINK_INVALID }).max(100, FILE_LINK_INVALID),
          }),
          response: {
            200: nonJsonResponse('The document, as an attachment', ['*/*']),
            400: ApiErrorSchema,
            403: ApiErrorSchema,
            404: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        checkFileLink(keys, { fileId: request.params.fileId, ...request.query });
        const file = await findFileById(database.db, request.params.fileId);
        if (file?.purpose !== 'document') throw notFound('File not found');
        reply.header('cache-control', 'private, no-store');
        return sendStored(reply, storage, file, attachment(file.originalName ?? 'document'));
      },
    );

    api.get(
      '/:fileId',
      {
        schema: {
          tags: ['files'],
          summary: 'A stored profile photo or checkout logo',
          params: z.object({ fileId: z.uuid({ error: 'File not found' }) }),
          response: {
            200: nonJsonResponse('The image', ['image/*']),
            404: ApiErrorSchema,
            400: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const file = await findFileById(database.db, request.params.fileId);
        // Only the public images: documents and KYC selfies are private.
        if (file?.purpose !== 'profile' && file?.purpose !== 'checkout_logo')
          throw notFound('File not found');
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        return sendStored(reply, storage, file, 'inline');
      },
    );
  });
}
