import {
  ApiErrorSchema,
  DeleteDocumentsRequestSchema,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_FILES,
  DOCUMENT_NAMES,
  DocumentFileParamsSchema,
  DocumentLinkSchema,
  DocumentListSchema,
  UploadedFileUrlSchema,
  UserIdParamsSchema,
} from '@bizdash/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { nonJsonResponse } from '../../lib/openapi-responses.ts';
import type { AppDeps } from '../../types.ts';
import { findDocument } from './documents.repository.ts';
import { deleteDocuments, getDocuments, uploadDocuments } from './documents.service.ts';
import { mintFileLink } from './file-links.ts';
import { setProfilePictureUrl } from './files.repository.ts';
import { attachment, sendStored } from './files.routes.ts';
import { pruneReplacedImages, storeImage } from './files.service.ts';
import { INVALID_IMAGE_MESSAGE } from './images.ts';
import {
  ImageUploadFormSchema,
  multipartRoute,
  registerMultipart,
  withMultipart,
  withSingleImage,
} from './multipart.ts';
import { assertStorageLeft } from './storage-quota.ts';
import { throughUploadGate } from './upload-gate.ts';

const DocumentUploadFormSchema = z.object({
  files: z
    .array(z.file().mime(['image/png', 'image/jpeg', 'application/pdf']).max(DOCUMENT_MAX_BYTES))
    .min(1)
    .max(DOCUMENT_MAX_FILES)
    .meta({ description: 'The documents (repeat the field): png, jpeg or pdf by their bytes, 10 MB each' }),
  document_name: z.array(z.enum(DOCUMENT_NAMES)).min(1).max(DOCUMENT_MAX_FILES).meta({
    description: "Each file's document name, in the files' order (or once, for every file)",
  }),
});

const ProfilePictureFormSchema = ImageUploadFormSchema.extend({
  type: z.literal('profile').optional().meta({ description: "Sent by the dashboard; 'profile' if present" }),
});

/** Profile photo, checkout logo and business documents of a merchant (or one of its apps): SPEC section 7. */
export function documentsRoutes({ config, database, storage, keys }: AppDeps) {
  const db = database.db;
  const deps = { db, storage, publicUrl: config.publicUrl, quotaBytes: config.storage.quotaBytes };
  const common = { tags: ['documents'] };
  const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
  const multipartBody = { consumes: ['multipart/form-data'] };
  const uploadErrors = { ...errors, 413: ApiErrorSchema, 429: ApiErrorSchema };

  /**
   * An upload runs only within the merchant's and the process's share of concurrent uploads (429 otherwise) and
   * while the merchant has storage left (413 otherwise), both decided before the body is read.
   */
  const upload = <T>(request: FastifyRequest, reply: FastifyReply, userId: string, work: () => Promise<T>) =>
    throughUploadGate(config.storage, { request, reply, merchantId: actorOf(request).ownerId }, async () => {
      await assertStorageLeft(db, config.storage.quotaBytes, userId);
      return work();
    });

  return async (app: FastifyInstance) => {
    await registerMultipart(app);
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.post(
      '/:userId/upload-profile-picture',
      {
        // The person's photo, not the business's: an API key is refused (ADR 033).
        config: { dashboardOnly: true },
        ...multipartRoute,
        schema: {
          ...common,
          ...multipartBody,
          summary: 'Upload a profile photo (multipart `file`, png or jpeg) and make it the user’s picture',
          params: UserIdParamsSchema,
          body: ProfilePictureFormSchema,
          response: { 200: UploadedFileUrlSchema, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const userId = actorOf(request).actingUserId;
        const stored = await upload(request, reply, userId, () =>
          withSingleImage(request, INVALID_IMAGE_MESSAGE, (file) =>
            storeImage(deps, {
              ownerId: userId,
              purpose: 'profile',
              source: file,
              originalName: file.filename,
            }),
          ),
        );
        await setProfilePictureUrl(db, userId, stored.url);
        await pruneReplacedImages(deps, { ownerId: userId, purpose: 'profile', keepId: stored.id });
        return { url: stored.url };
      },
    );

    api.post(
      '/:userId/upload-checkout-logo',
      {
        ...multipartRoute,
        schema: {
          ...common,
          ...multipartBody,
          summary: 'Upload a checkout logo (multipart `file`, png or jpeg); the company form saves its URL',
          params: UserIdParamsSchema,
          body: ImageUploadFormSchema,
          response: { 200: UploadedFileUrlSchema, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const userId = actorOf(request).actingUserId;
        const stored = await upload(request, reply, userId, () =>
          withSingleImage(request, INVALID_IMAGE_MESSAGE, (file) =>
            storeImage(deps, {
              ownerId: userId,
              purpose: 'checkout_logo',
              source: file,
              originalName: file.filename,
            }),
          ),
        );
        await pruneReplacedImages(deps, { ownerId: userId, purpose: 'checkout_logo', keepId: stored.id });
        return { url: stored.url };
      },
    );

    api.post(
      '/:userId/upload',
      {
        ...multipartRoute,
        schema: {
          ...common,
          ...multipartBody,
          summary:
            'Upload business documents (repeated `files` and `document_name`; png, jpeg or pdf, 10 MB each)',
          description:
            "Files count against the merchant's storage quota (413 `STORAGE_QUOTA_EXCEEDED` when full; deleting " +
            'a document frees its room). A merchant may run a few uploads at once: more answer 429 with Retry-After.',
          params: UserIdParamsSchema,
          body: DocumentUploadFormSchema,
          response: { 200: DocumentListSchema, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const userId = actorOf(request).actingUserId;
        return upload(request, reply, userId, () =>
          withMultipart(request, (form) => uploadDocuments(deps, userId, form)),
        );
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
      async (request) => getDocuments(deps, actorOf(request).actingUserId),
    );

    api.get(
      '/:userId/:documentId/file',
      {
        schema: {
          ...common,
          summary: 'Download one business document (as an attachment)',
          params: DocumentFileParamsSchema,
          response: { 200: nonJsonResponse('The document, as an attachment', ['*/*']), ...errors },
        },
      },
      async (request, reply) => {
        const userId = actorOf(request).actingUserId;
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
        const userId = actorOf(request).actingUserId;
        const document = await findDocument(db, userId, request.params.documentId);
        if (!document) throw notFound('Document not found');
        const link = mintFileLink(keys, document.fileId);
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
      async (request) => deleteDocuments(deps, actorOf(request).actingUserId, request.body),
    );
  };
}
