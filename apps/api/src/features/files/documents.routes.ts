import {
  ApiErrorSchema,
  DeleteDocumentsRequestSchema,
  DocumentFileParamsSchema,
  DocumentLinkSchema,
  DocumentListSchema,
  UploadedFileUrlSchema,
  UserIdParamsSchema,
} from '@bizdash/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import type { AppDeps } from '../../types.ts';
import { assertOwnedUser } from '../users/index.ts';
import { findDocument } from './documents.repository.ts';
import { deleteDocuments, getDocuments, uploadDocuments } from './documents.service.ts';
import { FILE_LINK_KEY_PURPOSE, mintFileLink } from './file-links.ts';
import { setProfilePictureUrl } from './files.repository.ts';
import { attachment, sendStored } from './files.routes.ts';
import { storeImage } from './files.service.ts';
import { INVALID_IMAGE_MESSAGE } from './images.ts';
import { readMultipart, readSingleImage, registerMultipart } from './multipart.ts';

/** Profile photo, checkout logo and business documents of a merchant (or one of its apps): SPEC section 7. */
export function documentsRoutes({ config, database, storage, keys }: AppDeps) {
  const db = database.db;
  const linkKey = keys.derive(FILE_LINK_KEY_PURPOSE);
  const deps = { db, storage, publicUrl: config.publicUrl };
  const common = { tags: ['documents'], security: [{ bearerAuth: [] }] };
  const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
  const multipartBody = { consumes: ['multipart/form-data'] };

  const ownedUserId = async (request: FastifyRequest, userId: string) => {
    await assertOwnedUser(db, actorOf(request).ownerId, userId);
    return userId;
  };

  const readImage = (request: FastifyRequest) => readSingleImage(request, INVALID_IMAGE_MESSAGE);

  return async (app: FastifyInstance) => {
    await registerMultipart(app);
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.post(
      '/:userId/upload-profile-picture',
      {
        // The person's photo, not the business's: an API key is refused (ADR 033).
        config: { dashboardOnly: true },
        schema: {
          ...common,
          ...multipartBody,
          summary: 'Upload a profile photo (multipart `file`, png or jpeg) and make it the user’s picture',
          params: UserIdParamsSchema,
          response: { 200: UploadedFileUrlSchema, ...errors },
        },
      },
      async (request) => {
        const userId = await ownedUserId(request, request.params.userId);
        const file = await readImage(request);
        const stored = await storeImage(deps, {
          ownerId: userId,
          purpose: 'profile',
          bytes: file.bytes,
          originalName: file.filename,
        });
        await setProfilePictureUrl(db, userId, stored.url);
        return { url: stored.url };
      },
    );

    api.post(
      '/:userId/upload-checkout-logo',
      {
        schema: {
          ...common,
          ...multipartBody,
          summary: 'Upload a checkout logo (multipart `file`, png or jpeg); the company form saves its URL',
          params: UserIdParamsSchema,
          response: { 200: UploadedFileUrlSchema, ...errors },
        },
      },
      async (request) => {
        const userId = await ownedUserId(request, request.params.userId);
        const file = await readImage(request);
        const stored = await storeImage(deps, {
          ownerId: userId,
          purpose: 'checkout_logo',
          bytes: file.bytes,
          originalName: file.filename,
        });
        return { url: stored.url };
      },
    );

    api.post(
      '/:userId/upload',
      {
        schema: {
          ...common,
          ...multipartBody,
          summary:
            'Upload business documents (repeated `files` and `document_name`; png, jpeg or pdf, 10 MB each)',
          params: UserIdParamsSchema,
          response: { 200: DocumentListSchema, ...errors },
        },
      },
      async (request) => {
        const userId = await ownedUserId(request, request.params.userId);
        return uploadDocuments(deps, userId, await readMultipart(request));
      },
    );

    api.get(
      '/:userId',
      {
        schema: {
          ...common,
          summary: "The user's business documents, newest first",
          params: UserIdParamsSchema,
          response: { 200: DocumentListSchema, ...errors },
        },
      },
      async (request) => getDocuments(deps, await ownedUserId(request, request.params.userId)),
    );

    api.get(
      '/:userId/:documentId/file',
      {
        schema: {
          ...common,
          summary: 'Download one business document (as an attachment)',
          params: DocumentFileParamsSchema,
          response: errors,
        },
      },
      async (request, reply) => {
        const userId = await ownedUserId(request, request.params.userId);
        const document = await findDocument(db, userId, request.params.documentId);
        if (!document) throw notFound('Document not found');
        const name = document.originalName ?? document.derivedFileName;
        reply.header('cache-control', 'private, no-store');
        return sendStored(reply, storage, document, attachment(name));
      },
    );

    api.get(
      '/:userId/:documentId/link',
      {
        schema: {
          ...common,
          summary: 'A download link for one business document that works without a token for 5 minutes',
          params: DocumentFileParamsSchema,
          response: { 200: DocumentLinkSchema, ...errors },
        },
      },
      async (request, reply) => {
        const userId = await ownedUserId(request, request.params.userId);
        const document = await findDocument(db, userId, request.params.documentId);
        if (!document) throw notFound('Document not found');
        const link = mintFileLink(linkKey, document.fileId);
        reply.header('cache-control', 'private, no-store');
        return { url: `${config.publicUrl}${link.path}`, expiresAt: link.expiresAt };
      },
    );

    api.post(
      '/delete-documents',
      {
        schema: {
          ...common,
          summary: 'Delete business documents by their derived file names',
          body: DeleteDocumentsRequestSchema,
          response: { 200: DocumentListSchema, ...errors },
        },
      },
      async (request) => {
        await ownedUserId(request, request.body.userId);
        return deleteDocuments(deps, request.body);
      },
    );
  };
}
