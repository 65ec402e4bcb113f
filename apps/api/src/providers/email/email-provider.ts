export interface EmailMessage {
  to: string;
  /** The merchant or app the email concerns: whose sandbox mailbox shows it (ADR 013). */
  userId: string;
  subject: string;
  text: string;
}

/** Hands a message to whoever delivers mail; the sandbox only logs it (it stays readable in the outbox table), SMTP sends it. */
export interface EmailProvider {
  readonly name: 'sandbox' | 'smtp';
  /** `html` is the HTML part the service made from the text. */
  deliver(message: Omit<EmailMessage, 'userId'> & { from: string; html: string }): Promise<void>;
}
