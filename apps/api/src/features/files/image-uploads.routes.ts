import { ApiErrorSchema, UploadedFileUrlSchema, UserIdParamsSchema } from '@bizdash/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { setProfilePictureUrl } from '../users/index.ts';
import { pruneReplacedImages, storeImage } from './files.service.ts';
import { INVALID_IMAGE_MESSAGE } from './images.ts';
import { ImageUploadFormSchema, multipartRoute, registerMultipart, withSingleImage } from './multipart.ts';
import { gatedUpload } from './upload-gate.ts';

const ProfilePictureFormSchema = ImageUploadFormSchema.extend({
  type: z.literal('profile').optional().meta({ description: "Sent by the dashboard; 'profile' if present" }),
});

const uploadErrors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  404: ApiErrorSchema,
  413: ApiErrorSchema,
  429: ApiErrorSchema,
};

/** The profile photo and checkout logo of a merchant (or one of its apps), under /api/document: SPEC section 7. */
export function imageUploadRoutes({ config, database, storage }: AppDeps) {
  const db = database.db;
  const deps = { db, storage, publicUrl: config.publicUrl, quotaBytes: config.storage.quotaBytes };
  const gate = { storage: config.storage, db };
  const imageRoute = { tags: ['files'], consumes: ['multipart/form-data'], params: UserIdParamsSchema };

  /**
   * Stores the request's one image for the acting user: a profile photo becomes the user's picture at once (a logo
   * waits for the company form to save it); the image it replaces goes. Answers the new image's URL.
   */
  const uploadImage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    purpose: 'profile' | 'checkout_logo',
  ) => {
    const userId = actorOf(request).actingUserId;
    const stored = await gatedUpload(gate, { request, reply, userId }, () =>
      withSingleImage(request, INVALID_IMAGE_MESSAGE, (file) =>
        storeImage(deps, { ownerId: userId, purpose, source: file, originalName: file.filename }),
      ),
    );
    if (purpose === 'profile') await setProfilePictureUrl(db, userId, stored.url);
    await pruneReplacedImages(deps, { ownerId: userId, purpose, keepId: stored.id });
    return stored.url;
  };

  return typedRoutes(async (api, app) => {
    await registerMultipart(app);

    api.post(
      '/:userId/upload-profile-picture',
      {
        // The person's photo, not the business's: an API key is refused (ADR 033).
        config: { dashboardOnly: true, permission: 'self' },
        ...multipartRoute,
        schema: {
          ...imageRoute,
          summary: 'Upload a profile photo (multipart `file`, png or jpeg) and make it the user’s picture',
          body: ProfilePictureFormSchema,
          response: { 200: UploadedFileUrlSchema, ...uploadErrors },
        },
      },
      async (request, reply) => ({ url: await uploadImage(request, reply, 'profile') }),
    );

    api.post(
      '/:userId/upload-checkout-logo',
      {
        config: { permission: 'settings.manage' },
        ...multipartRoute,
        schema: {
          ...imageRoute,
          summary: 'Upload a checkout logo (multipart `file`, png or jpeg); the company form saves its URL',
          body: ImageUploadFormSchema,
          response: { 200: UploadedFileUrlSchema, ...uploadErrors },
        },
      },
      async (request, reply) => ({ url: await uploadImage(request, reply, 'checkout_logo') }),
    );
  });
}
