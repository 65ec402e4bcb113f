import {
  ApiErrorSchema,
  DeleteDocumentsRequestSchema,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_FILES,
  DOCUMENT_NAMES,
  DocumentFileParamsSchema,
  DocumentLinkSchema,
  DocumentListSchema,
  UserIdParamsSchema,
} from '@bizdash/shared';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { nonJsonResponse } from '../../lib/openapi-responses.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import {
  attachment,
  gatedUpload,
  mintFileLink,
  multipartRoute,
  registerMultipart,
  sendStored,
  withMultipart,
} from '../files/index.ts';
import { deleteDocuments, documentFile, getDocuments, uploadDocuments } from './documents.service.ts';

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

/** The business documents of a merchant (or one of its apps): SPEC section 7. */
export function documentsRoutes({ config, database, storage, keys, jobs }: AppDeps) {
  const db = database.db;
  const deps = {
    db,
    database,
    jobs,
    storage,
    publicUrl: config.publicUrl,
    quotaBytes: config.storage.quotaBytes,
  };
  const common = { tags: ['documents'] };
  const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
  const multipartBody = { consumes: ['multipart/form-data'] };
  const uploadErrors = { ...errors, 413: ApiErrorSchema, 429: ApiErrorSchema };
  const gate = { storage: config.storage, db };

  return typedRoutes(async (api, app) => {
    await registerMultipart(app);

    api.post(
      '/:userId/upload',
      {
        config: { permission: 'settings.manage' },
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
        return gatedUpload(gate, { request, reply, userId }, () =>
          withMultipart(request, (form) => uploadDocuments(deps, userId, form)),
        );
      },
    );

    api.get(
      '/:userId',
      {
        config: { permission: 'settings.manage' },
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
        config: { permission: 'settings.manage' },
        schema: {
          ...common,
          summary: 'Download one business document (as an attachment)',
          params: DocumentFileParamsSchema,
          response: { 200: nonJsonResponse('The document, as an attachment', ['*/*']), ...errors },
        },
      },
      async (request, reply) => {
        const { document, file } = await documentFile(
          db,
          actorOf(request).actingUserId,
          request.params.documentId,
        );
        reply.header('cache-control', 'private, no-store');
        return sendStored(reply, storage, file, attachment(file.originalName ?? document.derivedFileName));
      },
    );

    api.get(
      '/:userId/:documentId/link',
      {
        config: { permission: 'settings.manage' },
        schema: {
          ...common,
          summary: 'A download link for one business document that works without a token for 5 minutes',
          params: DocumentFileParamsSchema,
          response: { 200: DocumentLinkSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { file } = await documentFile(db, actorOf(request).actingUserId, request.params.documentId);
        const link = mintFileLink(keys, file.id);
        reply.header('cache-control', 'private, no-store');
        return { url: `${config.publicUrl}${link.path}`, expiresAt: link.expiresAt };
      },
    );

    api.post(
      '/delete-documents',
      {
        config: { permission: 'settings.manage' },
        schema: {
          ...common,
          summary: 'Delete business documents by their derived file names',
          body: DeleteDocumentsRequestSchema,
          response: { 200: DocumentListSchema, ...errors },
        },
      },
      async (request) => deleteDocuments(deps, actorOf(request).actingUserId, request.body),
    );
  });
}
