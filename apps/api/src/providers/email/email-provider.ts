export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Hands a message to whoever delivers mail; the sandbox only logs it, it stays readable in the outbox table. */
export interface EmailProvider {
  readonly name: 'sandbox';
  deliver(message: EmailMessage & { from: string }): Promise<void>;
}
