import { Readable } from 'node:stream';
import {
  ApiErrorSchema,
  TransactionIdParamsSchema,
  TransactionPageQuerySchema,
  TransactionPageSchema,
  TransactionSchema,
  TransactionSearchFilterSchema,
} from '@bizdash/shared';
import { actorOf } from '../../../lib/actor.ts';
import { nonJsonResponse } from '../../../lib/openapi-responses.ts';
import { typedRoutes } from '../../../lib/typed-routes.ts';
import type { AppDeps } from '../../../types.ts';
import { exportRows, getTransaction, search } from './transactions.service.ts';
import { toCsv } from './transactions-csv.ts';

export function transactionsRoutes({ database }: AppDeps) {
  return typedRoutes(async (api) => {
    const common = { tags: ['transactions'] };

    api.post(
      '/search',
      {
        config: { permission: 'transactions.read' },
        schema: {
          ...common,
          summary: "Search the caller's transactions, newest first (ties by id), one page at a time",
          querystring: TransactionPageQuerySchema,
          body: TransactionSearchFilterSchema,
          response: {
            200: TransactionPageSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            404: ApiErrorSchema,
          },
        },
      },
      async (request) => search(database.db, actorOf(request).actingUserId, request.body, request.query),
    );

    api.post(
      '/export',
      {
        config: { permission: 'exports.create' },
        schema: {
          ...common,
          summary: 'Every transaction matching the filter as CSV (streamed; amounts in major units)',
          body: TransactionSearchFilterSchema,
          response: {
            200: nonJsonResponse('The matching transactions as CSV (an attachment)', ['text/csv']),
            400: ApiErrorSchema,
            404: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const rows = await exportRows(database.db, actorOf(request).actingUserId, request.body);
        const filename = `bizdash-transactions-${new Date().toISOString().slice(0, 10)}.csv`;
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`);
        // A stream bypasses the JSON serializer; the typed send() only knows the JSON error shapes.
        return reply.send(Readable.from(toCsv(rows)) as never);
      },
    );

    api.get(
      '/:id',
      {
        config: { permission: 'transactions.read' },
        schema: {
          ...common,
          summary: 'One transaction with everything the detail view shows',
          params: TransactionIdParamsSchema,
          response: { 200: TransactionSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
        },
      },
      async (request) => getTransaction(database.db, actorOf(request).actingUserId, request.params.id),
    );
  });
}
