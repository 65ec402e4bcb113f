import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQuery, preparedSql } from '../../db/prepared.ts';
import { emailOutbox } from '../../db/schema/email-outbox.ts';
import { htmlFromText } from './email-html.ts';
import type { EmailMessage, EmailProvider } from './email-provider.ts';

export interface EmailService {
  readonly provider: EmailProvider['name'];
  /** Records the message and hands it to the provider at once; a delivery failure is thrown. */
  send(message: EmailMessage): Promise<void>;
  /**
   * For event handlers, which may run more than once: the first call with a key records the message, every call
   * hands it to the provider unless it was already sent; a delivery failure is thrown (and retried by the caller).
   */
  sendOnce(dedupeKey: string, message: EmailMessage): Promise<void>;
  /** Sandbox only: what was sent to an address, newest first. */
  mailbox(address: string, limit?: number): Promise<MailboxMessage[]>;
  /**
   * Sandbox only: the mail about these users, newest first: a merchant's and its apps' (their codes, their
   * customers' receipts), whose ids the caller reads from users.
   */
  mailboxOf(userIds: string[], limit?: number): Promise<MailboxMessage[]>;
  /** The same service recording through another database handle (the job runner's, for event handlers). */
  on(db: Db): EmailService;
}

interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

type OutboxRow = typeof emailOutbox.$inferSelect;

const recordQuery = preparedQuery(
  'email_outbox_record',
  ['toAddress', 'userId', 'subject', 'bodyText', 'dedupeKey'],
  (db, values) =>
    db.insert(emailOutbox).values(values).onConflictDoNothing({ target: emailOutbox.dedupeKey }).returning(),
);

const markSentQuery = preparedSql(
  'email_outbox_mark_sent',
  ['id'],
  (
    p,
  ) => sql`update email_outbox set status = 'sent', attempts = attempts + 1, sent_at = now(), updated_at = now()
    where id = ${p.id}::uuid and status in ('pending', 'failed')`,
);

/**
 * Every email is recorded in the outbox first, then handed to the provider with a plain-text and an HTML part
 * (made from the text, every value escaped), and the outcome recorded.
 */
export function createEmailService(db: Db, provider: EmailProvider, from: string): EmailService {
  const unsent = inArray(emailOutbox.status, ['pending', 'failed']);

  /** The message's outbox row when it still has to go: new, or recorded under the key by an earlier attempt. */
  const record = async (message: EmailMessage, dedupeKey: string | null = null) => {
    const values = {
      toAddress: message.to,
      userId: message.userId,
      subject: message.subject,
      bodyText: message.text,
      dedupeKey,
    };
    const [row] = await recordQuery(db, values);
    if (row) return row;
    const [earlier] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.dedupeKey, dedupeKey ?? ''), unsent));
    return earlier;
  };

  const deliver = async (row: OutboxRow | undefined) => {
    if (!row) return;
    try {
      const html = htmlFromText(row.subject, row.bodyText);
      await provider.deliver({ to: row.toAddress, subject: row.subject, text: row.bodyText, html, from });
      await markSentQuery(db, { id: row.id });
    } catch (error) {
      await db
        .update(emailOutbox)
        .set({ status: 'failed', attempts: row.attempts + 1, lastError: String(error) })
        .where(eq(emailOutbox.id, row.id));
      throw error;
    }
  };

  return {
    provider: provider.name,
    send: async (message) => deliver(await record(message)),
    sendOnce: async (dedupeKey, message) => deliver(await record(message, dedupeKey)),
    mailbox: (address, limit = 20) =>
      readMailbox(db, eq(emailOutbox.toAddress, address.toLowerCase()), limit),
    mailboxOf: (userIds, limit = 50) => readMailbox(db, inArray(emailOutbox.userId, userIds), limit),
    on: (other) => createEmailService(other, provider, from),
  };
}

async function readMailbox(db: Db, where: SQL | undefined, limit: number): Promise<MailboxMessage[]> {
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(where)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    text: row.bodyText,
    createdAt: row.createdAt.toISOString(),
  }));
}
