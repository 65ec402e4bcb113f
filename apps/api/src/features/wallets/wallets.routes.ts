import {
  ApiErrorSchema,
  WalletIdParamsSchema,
  WalletListSchema,
  WalletSchema,
  WalletSummaryQuerySchema,
  WalletSummarySchema,
} from '@bizdash/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actingUserId } from '../../plugins/auth.ts';
import type { AppDeps } from '../../types.ts';
import { getWallet, listWallets, summarize } from './wallets.service.ts';

export function walletsRoutes({ database }: AppDeps) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const common = { tags: ['wallets'], security: [{ bearerAuth: [] }] };

    api.get(
      '/',
      {
        onRequest: app.authenticate,
        schema: {
          ...common,
          summary: 'Wallets (accounts) with available balance, pending amount and status',
          response: { 200: WalletListSchema, 401: ApiErrorSchema },
        },
      },
      async (request) => ({ wallets: await listWallets(database.db, actingUserId(request)) }),
    );

    api.get(
      '/summary',
      {
        onRequest: app.authenticate,
        schema: {
          ...common,
          summary: 'Money in and out per wallet per day (UTC) over a date range, for charts',
          querystring: WalletSummaryQuerySchema,
          response: { 200: WalletSummarySchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
        },
      },
      async (request) => summarize(database.db, actingUserId(request), request.query),
    );

    api.get(
      '/:walletId',
      {
        onRequest: app.authenticate,
        schema: {
          ...common,
          summary: 'One wallet',
          params: WalletIdParamsSchema,
          response: { 200: WalletSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
        },
      },
      async (request) => getWallet(database.db, actingUserId(request), request.params.walletId),
    );
  };
}
