import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import type { EmailMessage, EmailProvider } from './email-provider.ts';

export interface EmailService {
  readonly provider: EmailProvider['name'];
  send(message: EmailMessage): Promise<void>;
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
  return {
    provider: provider.name,
    async send(message) {
      const [row] = await db
        .insert(emailOutbox)
        .values({ toAddress: message.to, subject: message.subject, bodyText: message.text })
        .returning({ id: emailOutbox.id });
      if (!row) return;
      try {
        await provider.deliver({ ...message, from });
        await db
          .update(emailOutbox)
          .set({ status: 'sent', attempts: 1, sentAt: new Date() })
          .where(eq(emailOutbox.id, row.id));
      } catch (error) {
        await db
          .update(emailOutbox)
          .set({ status: 'failed', attempts: 1, lastError: String(error) })
          .where(eq(emailOutbox.id, row.id));
        throw error;
      }
    },
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
