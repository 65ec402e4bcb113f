import { StatementQuerySchema, WalletIdParamsSchema } from '@bizdash/shared';
import { HttpResponse, http } from 'msw';
import { db } from '../db';
import { notFound, parseOr400, queryOf, requireSession } from '../utils';

/** A stand-in file of the asked format, under the name the API gives it. */
export const statementsHandlers = [
  http.get('/api/wallets/:walletId/statement', ({ request, params }) => {
    requireSession(request);
    const { walletId } = parseOr400(WalletIdParamsSchema, params);
    const query = parseOr400(StatementQuerySchema, queryOf(request));
    const wallet = db.wallets.find((candidate) => candidate.walletId === walletId);
    if (!wallet) return notFound('Wallet not found');
    const pdf = query.format === 'pdf';
    return new HttpResponse(pdf ? '%PDF-1.3\n%%EOF\n' : 'date,description\r\n', {
      headers: {
        'Content-Type': pdf ? 'application/pdf' : 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="bizdash-statement-${wallet.currency}-${query.from}-to-${query.to}.${query.format}"`,
      },
    });
  }),
];
