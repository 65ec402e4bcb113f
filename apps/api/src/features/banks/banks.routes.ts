import { ApiErrorSchema, NIGERIAN_BANKS, NigeriaBankListSchema } from '@bizdash/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The list as the settlement form shows it: by name, without the check's institution codes. */
const BANK_LIST = [...NIGERIAN_BANKS]
  .sort((a, b) => a.bankName.localeCompare(b.bankName, 'en'))
  .map(({ bankName, bankCode }) => ({ bankName, bankCode }));

/** Settlement banks (issue 12): the Nigerian banks a merchant can add an NGN account at. */
export function banksRoutes() {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/nigeria-banks',
      {
        schema: {
          tags: ['banks'],
          security: [{ bearerAuth: [] }],
          summary: 'Nigerian banks an NGN settlement account can be at, by name, with their CBN codes',
          response: { 200: NigeriaBankListSchema, 401: ApiErrorSchema },
        },
      },
      async () => BANK_LIST,
    );
  };
}
