import { z } from 'zod';

/** What a live notice can say changed; the dashboard refetches the matching queries. */
export const LIVE_NOTICE_KINDS = [
  'wallet',
  'transaction',
  'product',
  'user',
  'notification',
  'bank',
  'payout',
  'dispute',
] as const;
export type LiveNoticeKind = (typeof LIVE_NOTICE_KINDS)[number];

/** The server-sent event name of a notice on GET /api/events/stream. */
export const LIVE_NOTICE_EVENT = 'changed';
/** Sent once when a stream opens: anything may have changed while the client was not listening. */
export const LIVE_READY_EVENT = 'ready';

/**
 * The data of one "changed" event: only which kind of thing changed for the signed-in user, never what or how
 * much. The client refetches what it shows through the ordinary (authorized) endpoints.
 */
export const LiveNoticeSchema = z.object({ kind: z.enum(LIVE_NOTICE_KINDS) });
export type LiveNotice = z.infer<typeof LiveNoticeSchema>;
