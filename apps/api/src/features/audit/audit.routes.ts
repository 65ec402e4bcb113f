import { Readable } from 'node:stream';
import {
  ApiErrorSchema,
  AuditEventExportQuerySchema,
  AuditEventListQuerySchema,
  AuditEventPageSchema,
} from '@bizdash/shared';
import { actorOf } from '../../lib/actor.ts';
import { nonJsonResponse } from '../../lib/openapi-responses.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { exportAuditEvents, listAuditEvents } from './audit-list.service.ts';

const FILTERS =
  '`person` is the id of the person who acted, `action` one of the audit actions, `from` (inclusive) and `to` (exclusive) ISO 8601 times.';

/** The audit trail of the caller's business (issue 23 §3, ADR 054): owners, admins and API keys. */
export function auditRoutes(deps: AppDeps) {
  return typedRoutes(async (api) => {
    const common = { tags: ['audit'] };
    api.get(
      '/',
      {
        config: { permission: 'audit.read' },
        schema: {
          ...common,
          summary: "The business's audit trail, newest first, optionally by person, action and time",
          description: `Every recorded security- or money-relevant action of the business and its apps (README, "Audit trail"), newest first, each with its person's name and email today (\`actor\`, null for an API key, whose \`apiKeyPrefix\` names it) and the device its user agent names. ${FILTERS} Each entry carries its hash in the chain \`npm run audit:verify\` checks.`,
          querystring: AuditEventListQuerySchema,
          response: {
            200: AuditEventPageSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            404: ApiErrorSchema,
            409: ApiErrorSchema,
          },
        },
      },
      async (request) => listAuditEvents(deps, actorOf(request), request.query),
    );

    api.get(
      '/export',
      {
        config: { permission: 'audit.read' },
        schema: {
          ...common,
          summary: 'Every entry of the audit trail the filters match, newest first, as CSV (streamed)',
          description: `The same entries as the list, without paging: a header row, then one line per entry (time, action and its label, outcome, the person's name, email and id, API key prefix, acting user, target, IP address, device, user agent, details as JSON, sequence and hash). Text a spreadsheet would run as a formula is prefixed with an apostrophe. ${FILTERS}`,
          querystring: AuditEventExportQuerySchema,
          response: {
            200: nonJsonResponse('The matching entries as CSV (an attachment)', ['text/csv']),
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            404: ApiErrorSchema,
            409: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const csv = await exportAuditEvents(deps, actorOf(request), request.query);
        const filename = `bizdash-activity-${new Date().toISOString().slice(0, 10)}.csv`;
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`);
        // A stream bypasses the JSON serializer; the typed send() only knows the JSON error shapes.
        return reply.send(Readable.from(csv) as never);
      },
    );
  });
}
