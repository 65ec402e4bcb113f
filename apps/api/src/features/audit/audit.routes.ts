import { ApiErrorSchema, AuditEventListQuerySchema, AuditEventPageSchema } from '@bizdash/shared';
import { actorOf } from '../../lib/actor.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import type { AppDeps } from '../../types.ts';
import { listAuditEvents } from './audit-list.service.ts';

/** The audit trail of the caller's business (issue 23 §3, ADR 054). */
export function auditRoutes(deps: AppDeps) {
  return typedRoutes(async (api) => {
    api.get(
      '/',
      {
        schema: {
          tags: ['audit'],
          summary: "The business's audit trail, newest first, optionally by person, action and time",
          description:
            'Every recorded security action of the business and its apps (sign-ins and failed sign-ins, sign-outs, password changes, API keys generated, rolled and deleted), newest first. `person` is the id of the person who acted, `action` one of the audit actions, `from` (inclusive) and `to` (exclusive) ISO 8601 times. Each entry carries its hash in the chain `npm run audit:verify` checks.',
          querystring: AuditEventListQuerySchema,
          response: {
            200: AuditEventPageSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            404: ApiErrorSchema,
          },
        },
      },
      async (request) => listAuditEvents(deps, actorOf(request), request.query),
    );
  });
}
