import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';
import { patience } from './patience';
import { mailboxHeaders } from './sandbox-mailbox';

const RESET_SUBJECT = 'Reset your Bizdash password';
const RESET_LINK = /https?:\/\/\S+\/reset-password#token=[\w-]+/;

/** The link of the newest password reset email in the sandbox mailbox (it is sent just after the answer). */
export async function latestResetLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const response = await request.get('/api/sandbox/mailbox', {
      params: { email },
      headers: mailboxHeaders,
    });
    expect(response.status()).toBe(200);
    const { messages } = (await response.json()) as { messages: { subject: string; text: string }[] };
    const reset = messages.find((message) => message.subject === RESET_SUBJECT);
    link = RESET_LINK.exec(reset?.text ?? '')?.[0];
    expect(link, 'a link in the newest reset email').toBeDefined();
  }).toPass({ timeout: patience(5_000) });
  return link as string;
}
