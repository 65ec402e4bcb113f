import { ApiErrorSchema, StatementQuerySchema, WalletIdParamsSchema } from '@bizdash/shared';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { walletStatement } from './statements.service.ts';

const attachment = {
  'Content-Disposition': {
    type: 'string',
    description: 'attachment; filename="bizdash-statement-{currency}-{from}-to-{to}.{format}"',
  },
};

const statementFile = {
  description:
    'The statement as a file (an attachment, streamed): the business, the wallet and the period; the opening balance; every ledger entry of the wallet in the period in posting order with its running balance; the closing balance; money in and out, fees, refunds and payouts. `pdf`: A4, selectable text (Noto Sans embedded), amounts as ₦1,234.56 or $12.00, "Page N of M" on every page. `csv`: one line per entry between OPENING_BALANCE and CLOSING_BALANCE lines, then TOTAL_* lines; amounts in major units with the currency on every line.',
  headers: attachment,
  content: {
    'application/pdf': { schema: z.string().meta({ format: 'binary' }) },
    'text/csv': { schema: z.string() },
  },
};

export function statementsRoutes(deps: AppDeps) {
  return typedRoutes(async (api) => {
    api.get(
      '/:walletId/statement',
      {
        config: { permission: 'money.read' },
        schema: {
          tags: ['wallets'],
          summary: "A wallet's statement for a period of UTC days (at most 366), as PDF or CSV",
          description:
            'Days are UTC days: `from` at 00:00 UTC to the end of `to`; a period reaching past now stops at the moment the statement is made. Entries are dated by when they were posted to the ledger. The opening balance is the sum of the wallet’s entries before `from`; opening plus the entries is the closing balance. 400 `VALIDATION_ERROR`: a date that is not a real day (YYYY-MM-DD), `from` after `to`, a period longer than 366 days, a format other than pdf or csv, or a wallet id that is not a UUID. 404: another merchant’s wallet, or none.',
          params: WalletIdParamsSchema,
          querystring: StatementQuerySchema,
          response: {
            200: statementFile,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            404: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const file = await walletStatement(deps, actorOf(request), request.params.walletId, request.query);
        reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`);
        // A stream bypasses the JSON serializer; the typed send() only knows the JSON error shapes.
        return reply.send(file.body as never);
      },
    );
  });
}
