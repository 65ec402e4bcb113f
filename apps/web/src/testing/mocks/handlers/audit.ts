import {
  AUDIT_ACTION_LABELS,
  AuditEventListQuerySchema,
  AuditEventPageSchema,
  PageQuerySchema,
  pageOf,
  SignInHistoryPageSchema,
  UserIdParamsSchema,
} from '@bizdash/shared';
import { HttpResponse, http } from 'msw';
import { db } from '../db';
import { contractJson, notFound, pageWindow, parseOr400, queryOf, requireSession } from '../utils';

/** db.auditEvents narrowed as the API narrows them (`to` exclusive), newest first. */
function matching(query: { person?: string; action?: string; from?: string; to?: string }) {
  return db.auditEvents
    .filter((event) => !query.person || event.actorPersonId === query.person)
    .filter((event) => !query.action || event.action === query.action)
    .filter((event) => !query.from || Date.parse(event.occurredAt) >= Date.parse(query.from))
    .filter((event) => !query.to || Date.parse(event.occurredAt) < Date.parse(query.to))
    .sort((a, b) => Date.parse(b.occurredAt) - Date.parse(a.occurredAt) || b.sequence - a.sequence);
}

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export const auditHandlers = [
  http.get('/api/audit-events/export', ({ request }) => {
    requireSession(request);
    const query = parseOr400(AuditEventListQuerySchema, queryOf(request));
    const lines = [
      'occurredAt,action,outcome,ip',
      ...matching(query).map((event) =>
        [event.occurredAt, AUDIT_ACTION_LABELS[event.action], event.outcome, event.ip ?? '']
          .map(csvCell)
          .join(','),
      ),
    ];
    return new HttpResponse(`${lines.join('\n')}\n`, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="bizdash-activity.csv"',
      },
    });
  }),

  http.get('/api/audit-events', ({ request }) => {
    requireSession(request);
    const query = parseOr400(AuditEventListQuerySchema, queryOf(request));
    const [items, meta] = pageWindow(matching(query), query);
    return contractJson(AuditEventPageSchema, pageOf(items, meta, meta.totalElements));
  }),

  http.get('/api/users/:userId/sign-ins', ({ request, params }) => {
    requireSession(request);
    const { userId } = parseOr400(UserIdParamsSchema, params);
    if (userId !== db.user.recordId) throw notFound('User not found');
    const query = parseOr400(PageQuerySchema, queryOf(request));
    const [items, meta] = pageWindow(db.signIns, query);
    return contractJson(SignInHistoryPageSchema, pageOf(items, meta, meta.totalElements));
  }),
];
