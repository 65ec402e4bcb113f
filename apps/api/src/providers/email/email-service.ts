import { and, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import type { EmailMessage, EmailProvider } from './email-provider.ts';

export interface EmailService {
  readonly provider: EmailProvider['name'];
  /** Records the message and hands it to the provider at once; a delivery failure is thrown. */
  send(message: EmailMessage): Promise<void>;
  /**
   * Records the message inside the caller's transaction, so it exists exactly when what it tells of was
   * committed; `deliver` it after commit.
   */
  queue(tx: DbOrTx, message: EmailMessage): Promise<string>;
  /** Hands a recorded message to the provider once and records the outcome; a failure is thrown. */
  deliver(emailId: string): Promise<void>;
  /** Sandbox only: what was sent to an address, newest first. */
  mailbox(address: string, limit?: number): Promise<MailboxMessage[]>;
}

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** Every email is recorded in the outbox first, then handed to the provider, and the outcome recorded. */
export function createEmailService(db: Db, provider: EmailProvider, from: string): EmailService {
  const queue = async (tx: DbOrTx, message: EmailMessage) => {
    const [row] = await tx
      .insert(emailOutbox)
      .values({ toAddress: message.to, subject: message.subject, bodyText: message.text })
      .returning({ id: emailOutbox.id });
    if (!row) throw new Error('email outbox insert returned nothing');
    return row.id;
  };

  const deliver = async (emailId: string) => {
    const [row] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.id, emailId), eq(emailOutbox.status, 'pending')));
    if (!row) return;
    try {
      await provider.deliver({ to: row.toAddress, subject: row.subject, text: row.bodyText, from });
      await db
        .update(emailOutbox)
        .set({ status: 'sent', attempts: row.attempts + 1, sentAt: new Date() })
        .where(eq(emailOutbox.id, emailId));
    } catch (error) {
      await db
        .update(emailOutbox)
        .set({ status: 'failed', attempts: row.attempts + 1, lastError: String(error) })
        .where(eq(emailOutbox.id, emailId));
      throw error;
    }
  };

  return {
    provider: provider.name,
    queue,
    deliver,
    send: async (message) => deliver(await queue(db, message)),
    async mailbox(address, limit = 20) {
      const rows = await db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, address.toLowerCase()))
        .orderBy(desc(emailOutbox.createdAt))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        text: row.bodyText,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}
