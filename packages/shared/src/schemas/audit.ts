import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_OUTCOMES } from '../audit/actions.ts';
import { PageQuerySchema, pageSchemaOf } from './paging.ts';

/** GET /api/audit-events: the business's audit trail, newest first, filtered by person, action and time. */
export const AuditEventListQuerySchema = PageQuerySchema.extend({
  person: z.uuid({ error: 'person must be the id of a person' }).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}` }).optional(),
  from: z.iso.datetime({ offset: true, error: 'from must be an ISO 8601 date and time' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to must be an ISO 8601 date and time' }).optional(),
});
export type AuditEventListQuery = z.infer<typeof AuditEventListQuerySchema>;

/** One entry of the audit trail (issue 23 §3, ADR 054). */
export const AuditEventSchema = z.object({
  id: z.uuid(),
  sequence: z.number().int().positive(),
  occurredAt: z.iso.datetime(),
  actorPersonId: z.uuid().nullable(),
  apiKeyPrefix: z.string().nullable(),
  actingUserId: z.uuid().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
  details: z.record(z.string(), z.unknown()),
  hash: z.string(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditEventPageSchema = pageSchemaOf(AuditEventSchema);
export type AuditEventPage = z.infer<typeof AuditEventPageSchema>;
