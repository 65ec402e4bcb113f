import {
  ApiErrorSchema,
  ProductDeletionSchema,
  ProductIdParamsSchema,
  ProductInputSchema,
  ProductListQuerySchema,
  ProductPageSchema,
  ProductSchema,
} from '@bizdash/shared';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { actorOf } from '../../lib/actor.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { create, get, list, remove, update } from './products.service.ts';

/** The configured payment site, else this app's own /pay on its public address. */
function paymentLinkBase(config: Config, request: FastifyRequest): string {
  return config.checkout.paymentLinkBaseUrl ?? `${publicOrigin(config, request)}/pay`;
}

export function productsRoutes({ config, database }: AppDeps) {
  return typedRoutes(async (api) => {
    const common = { tags: ['products'] };
    const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
    const db = database.db;

    api.get(
      '/',
      {
        config: { permission: 'products.read' },
        schema: {
          ...common,
          summary:
            "The caller's products, newest first, one page at a time; `search` keeps those whose name contains it",
          querystring: ProductListQuerySchema,
          response: { 200: ProductPageSchema, ...errors },
        },
      },
      async (request) =>
        list(db, actorOf(request).actingUserId, request.query, paymentLinkBase(config, request)),
    );

    api.post(
      '/',
      {
        config: { permission: 'products.manage' },
        schema: {
          ...common,
          summary: 'Create a product (price in minor units of its currency)',
          body: ProductInputSchema,
          response: { 201: ProductSchema, ...errors },
        },
      },
      async (request, reply) => {
        const product = await create(
          db,
          actorOf(request).actingUserId,
          request.body,
          paymentLinkBase(config, request),
        );
        return reply.code(201).send(product);
      },
    );

    api.get(
      '/:productId',
      {
        config: { permission: 'products.read' },
        schema: {
          ...common,
          summary: 'One of the caller’s products',
          params: ProductIdParamsSchema,
          response: { 200: ProductSchema, ...errors },
        },
      },
      async (request) =>
        get(db, actorOf(request).actingUserId, request.params.productId, paymentLinkBase(config, request)),
    );

    api.put(
      '/:productId',
      {
        config: { permission: 'products.manage' },
        schema: {
          ...common,
          summary: 'Change a product; payments already started keep the price they started with',
          params: ProductIdParamsSchema,
          body: ProductInputSchema,
          response: { 200: ProductSchema, 409: ApiErrorSchema, ...errors },
        },
      },
      async (request) =>
        update(
          db,
          actorOf(request).actingUserId,
          request.params.productId,
          request.body,
          paymentLinkBase(config, request),
        ),
    );

    api.delete(
      '/:productId',
      {
        config: { permission: 'products.manage' },
        schema: {
          ...common,
          summary: 'Delete a product; one with payments is archived instead so its history stays',
          params: ProductIdParamsSchema,
          response: { 200: ProductDeletionSchema, ...errors },
        },
      },
      async (request) => remove(db, actorOf(request).actingUserId, request.params.productId),
    );
  });
}
