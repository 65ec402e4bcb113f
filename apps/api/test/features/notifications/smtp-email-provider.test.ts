import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlFromText } from '../../../src/providers/email/email-html.ts';
import { createSmtpEmailProvider } from '../../../src/providers/email/smtp-email-provider.ts';

describe('the SMTP email provider', () => {
  let server: SMTPServer;
  let port: number;
  const received: string[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a message with a plain-text and an HTML part', async () => {
    const provider = createSmtpEmailProvider(`smtp://127.0.0.1:${port}`);
    const text = 'Ada <script>alert(1)</script> paid ₦5,000.00.\n\nSee https://bizdash.example/dashboard';
    await provider.deliver({
      from: 'Bizdash <no-reply@bizdash.local>',
      to: 'merchant@example.com',
      subject: 'Payment received',
      text,
      html: htmlFromText('Payment received', text),
    });

    expect(received).toHaveLength(1);
    const message = received[0] ?? '';
    expect(message).toMatch(/Content-Type: multipart\/alternative/i);
    expect(message).toMatch(/Content-Type: text\/plain/i);
    expect(message).toMatch(/Content-Type: text\/html/i);
    expect(message).toContain('Subject: Payment received');
  });

  it('refuses to start without SMTP_URL', () => {
    expect(() => createSmtpEmailProvider(null)).toThrow('SMTP_URL');
  });

  it('escapes every value in the HTML part and keeps links clickable', () => {
    const html = htmlFromText(
      'Hi <b>',
      'Name: <img src=x onerror=alert(1)> & "quotes"\nhttps://a.example/x?y=1&z=2',
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(html).toContain('<a href="https://a.example/x?y=1&amp;z=2"');
  });
});
