import {
  ApiErrorSchema,
  WalletIdParamsSchema,
  WalletListSchema,
  WalletSchema,
  WalletSummaryQuerySchema,
  WalletSummarySchema,
} from '@bizdash/shared';
import { actorOf } from '../../../lib/actor.ts';
import { typedRoutes } from '../../../lib/typed-routes.ts';
import type { AppDeps } from '../../../types.ts';
import { getWallet, listWallets, summarize } from './wallets.service.ts';

export function walletsRoutes({ database }: AppDeps) {
  return typedRoutes(async (api) => {
    const common = { tags: ['wallets'] };

    api.get(
      '/',
      {
        config: { permission: 'money.read' },
        schema: {
          ...common,
          summary: 'Wallets (accounts) with available balance, pending amount and status',
          response: { 200: WalletListSchema, 401: ApiErrorSchema },
        },
      },
      async (request) => ({ wallets: await listWallets(database.db, actorOf(request).actingUserId) }),
    );

    api.get(
      '/summary',
      {
        config: { permission: 'money.read' },
        schema: {
          ...common,
          summary: 'Money in and out per wallet per day (UTC) over a date range, for charts',
          querystring: WalletSummaryQuerySchema,
          response: { 200: WalletSummarySchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
        },
      },
      async (request) => summarize(database.db, actorOf(request).actingUserId, request.query),
    );

    api.get(
      '/:walletId',
      {
        config: { permission: 'money.read' },
        schema: {
          ...common,
          summary: 'One wallet',
          params: WalletIdParamsSchema,
          response: { 200: WalletSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
        },
      },
      async (request) => getWallet(database.db, actorOf(request).actingUserId, request.params.walletId),
    );
  });
}
