import {
  ApiErrorSchema,
  UpdateCompanyDetailsRequestSchema,
  UpdateProfileRequestSchema,
  UserIdParamsSchema,
  UserSchema,
} from '@bizdash/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import type { AppDeps } from '../../types.ts';
import { importRemoteImage } from '../files/index.ts';
import { getUser, updateCompanyDetails, updateProfile } from './users.service.ts';

export function usersRoutes(deps: AppDeps) {
  const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
  const ownFilePrefix = `${deps.config.publicUrl}/api/files/`;
  const isOwnFileUrl = (url: string) =>
    url.startsWith(ownFilePrefix) && !url.slice(ownFilePrefix.length).includes('/');
  const importImage = (input: { ownerId: string; url: string }) => importRemoteImage(input, deps);
  return async (app: FastifyInstance) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.put(
      '/:userId/profile',
      {
        schema: {
          tags: ['users'],
          summary: 'Update first name, last name and phone number (the email must be the current one)',
          security: [{ bearerAuth: [] }],
          params: UserIdParamsSchema,
          body: UpdateProfileRequestSchema,
          response: { 200: UserSchema, ...errors },
        },
      },
      async (request) => updateProfile(deps.database.db, actorOf(request), request.body),
    );

    typed.put(
      '/:userId',
      {
        schema: {
          tags: ['users'],
          summary:
            'Update the business description, checkout logo and who pays the checkout fee (company name and country are fixed)',
          security: [{ bearerAuth: [] }],
          params: UserIdParamsSchema,
          body: UpdateCompanyDetailsRequestSchema,
          response: { 200: UserSchema, ...errors },
        },
      },
      async (request) =>
        updateCompanyDetails(deps.database.db, actorOf(request), request.body, importImage, isOwnFileUrl),
    );

    typed.get(
      '/:userId',
      {
        schema: {
          tags: ['users'],
          summary: 'The merchant (or one of its apps) with wallets and settings',
          security: [{ bearerAuth: [] }],
          params: UserIdParamsSchema,
          response: { 200: UserSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
        },
      },
      async (request) => getUser(deps.database.db, actorOf(request)),
    );
  };
}
