import { loadOnce } from '../../lib/load-once.ts';
import type { EmailProvider } from './email-provider.ts';

/** Sends through any SMTP server (SMTP_URL, e.g. smtps://user:password@smtp.example.com:465). */
export function createSmtpEmailProvider(smtpUrl: string | null): EmailProvider {
  if (!smtpUrl) throw new Error('Invalid configuration:\n  SMTP_URL: required when EMAIL_PROVIDER is smtp');
  // nodemailer is loaded at the first email, not at start.
  const transport = loadOnce(async () => (await import('nodemailer')).default.createTransport(smtpUrl));
  return {
    name: 'smtp',
    async deliver({ from, to, subject, text, html }) {
      await (await transport()).sendMail({ from, to, subject, text, html });
    },
  };
}
