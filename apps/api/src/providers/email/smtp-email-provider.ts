import nodemailer from 'nodemailer';
import type { EmailProvider } from './email-provider.ts';

/** Sends through any SMTP server (SMTP_URL, e.g. smtps://user:password@smtp.example.com:465). */
export function createSmtpEmailProvider(smtpUrl: string | null): EmailProvider {
  if (!smtpUrl) throw new Error('Invalid configuration:\n  SMTP_URL: required when EMAIL_PROVIDER is smtp');
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async deliver({ from, to, subject, text, html }) {
      await transport.sendMail({ from, to, subject, text, html });
    },
  };
}
