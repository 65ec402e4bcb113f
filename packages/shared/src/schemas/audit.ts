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

/** Who an entry's person is, as the Activity tab shows them; null for an API key or nobody known. */
export const AuditActorSchema = z.object({ name: z.string(), email: z.string() });
export type AuditActor = z.infer<typeof AuditActorSchema>;

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
  /** The person's name and email today (read when listed; the entry itself keeps only their id). */
  actor: AuditActorSchema.nullable().default(null),
  /** The browser and system the user agent names ("Chrome on macOS"); null when it names none. */
  device: z.string().nullable().default(null),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditEventPageSchema = pageSchemaOf(AuditEventSchema);
export type AuditEventPage = z.infer<typeof AuditEventPageSchema>;

/** GET /api/audit-events/export: the same filters as the list, every matching entry (no paging). */
export const AuditEventExportQuerySchema = AuditEventListQuerySchema.omit({ page: true, size: true });
export type AuditEventExportQuery = z.infer<typeof AuditEventExportQuerySchema>;

/** GET /api/users/{userId}/sign-ins: the person's own sign-ins and failed sign-ins, newest first. */
export const SignInHistoryEntrySchema = z.object({
  id: z.uuid(),
  occurredAt: z.iso.datetime(),
  outcome: z.enum(AUDIT_OUTCOMES),
  ip: z.string().nullable(),
  /** "Chrome on macOS"; null when the user agent names no browser or system. */
  device: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** For a failure, the step that failed: `password` or `two_factor`; null for a sign-in. */
  failedStep: z.string().nullable(),
});
export type SignInHistoryEntry = z.infer<typeof SignInHistoryEntrySchema>;

export const SignInHistoryPageSchema = pageSchemaOf(SignInHistoryEntrySchema);
export type SignInHistoryPage = z.infer<typeof SignInHistoryPageSchema>;
