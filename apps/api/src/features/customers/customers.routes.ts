import {
  ApiErrorSchema,
  CustomerDetailSchema,
  CustomerIdParamsSchema,
  CustomerListQuerySchema,
  CustomerPageSchema,
} from '@bizdash/shared';
import { actorOf } from '../../lib/actor.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { getOwnCustomer, listOwnCustomers } from './customers.service.ts';

const tags = ['customers'];

/** The people who paid the acting user through checkout (issue 22 §3, ADR 052). */
export function customersRoutes(deps: AppDeps) {
  return typedRoutes(async (api) => {
    api.get(
      '/',
      {
        config: { permission: 'customers.read' },
        schema: {
          tags,
          summary: "The acting user's customers with what they spent, a page at a time",
          description:
            'A customer is everyone who paid through checkout with one email (any case). search matches part of the name or email, any case. sort=last_payment (the default) puts the newest payment first; sort=total_spent the most spent first: in NGN, then USD, then the newest payment. transactionId finds the customer of one payment.',
          querystring: CustomerListQuerySchema,
          response: {
            200: CustomerPageSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            404: ApiErrorSchema,
          },
        },
      },
      async (request) => listOwnCustomers(deps, actorOf(request), request.query),
    );

    api.get(
      '/:customerId',
      {
        config: { permission: 'customers.read' },
        schema: {
          tags,
          summary: 'One customer with their newest payments, refunds and disputes',
          description: 'At most 100 of each, newest first. 404 for a customer of another merchant.',
          params: CustomerIdParamsSchema,
          response: {
            200: CustomerDetailSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            404: ApiErrorSchema,
          },
        },
      },
      async (request) => getOwnCustomer(deps, actorOf(request), request.params.customerId),
    );
  });
}
