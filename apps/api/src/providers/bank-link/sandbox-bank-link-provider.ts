import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { sandboxBankLinkSessions } from '../../db/schema/sandbox-bank-link-sessions.ts';
import { CallbackRefused } from '../identity/identity-types.ts';
import { callbackSigner } from '../identity/signed-callback.ts';
import type { BankLinkProvider } from './bank-link-provider.ts';
import { SANDBOX_BANK_LINK_INSTITUTIONS, sandboxLinkedNumbers } from './sandbox-bank-link-data.ts';
import { createSandboxBankLinkPage } from './sandbox-bank-link-page.ts';

/** How long a hosted link stays usable (Plaid's link tokens last four hours). */
const LINK_TTL_MS = 4 * 60 * 60 * 1000;

const SandboxCallbackSchema = z.object({
  event: z.literal('link.completed'),
  linkSessionId: z.uuid(),
  publicToken: z.string().min(1).max(200),
});

/**
 * The sandbox bank-link provider: its hosted page is a page of this app (/bank-link/sandbox), its records a table
 * of this database, and its callbacks are signed like a real provider's and go through the app's callback
 * endpoint. Without BANK_LINK_CALLBACK_SECRET it signs with a secret of this process: its callbacks never leave it.
 */
export function createSandboxBankLinkProvider(db: Db, secret: string | null): BankLinkProvider {
  const signer = callbackSigner(secret ?? randomBytes(32).toString('base64url'));
  return {
    name: 'sandbox',

    async createLink({ linkId, completionRedirectUrl }) {
      const expiresAt = new Date(Date.now() + LINK_TTL_MS);
      const [session] = await db
        .insert(sandboxBankLinkSessions)
        .values({ linkId, completionRedirectUrl, expiresAt })
        .returning({ id: sandboxBankLinkSessions.id });
      if (!session) throw new Error('sandbox bank-link session vanished');
      return {
        hostedLinkUrl: `/bank-link/sandbox?session=${session.id}`,
        providerReference: session.id,
        expiresAt,
      };
    },

    async verifyCallback({ rawBody, headers }) {
      const { id, body } = signer.verify(rawBody, headers);
      const parsed = SandboxCallbackSchema.safeParse(body);
      if (!parsed.success) throw new CallbackRefused('The callback body is not a bank link update.');
      const { linkSessionId, publicToken } = parsed.data;
      return { callbackId: id, providerReference: linkSessionId, publicToken };
    },

    async exchange(publicToken) {
      const [session] = await db
        .update(sandboxBankLinkSessions)
        .set({ exchangedAt: new Date() })
        .where(
          and(
            eq(sandboxBankLinkSessions.publicToken, publicToken),
            isNull(sandboxBankLinkSessions.exchangedAt),
          ),
        )
        .returning();
      if (!session?.institutionId || !session.accountType) {
        throw new CallbackRefused('The public token is not valid or was already exchanged.');
      }
      const institution = SANDBOX_BANK_LINK_INSTITUTIONS.find((one) => one.id === session.institutionId);
      const numbers = sandboxLinkedNumbers(session.institutionId, session.accountType);
      return {
        institutionName: institution?.name ?? 'Sandbox Bank',
        accountHolderName: null,
        accountNumber: numbers.accountNumber,
        routingNumber: numbers.routingNumber,
        accountType: session.accountType,
        providerReference: `sandbox-account-${session.institutionId}-${session.accountType}`,
      };
    },

    sandbox: createSandboxBankLinkPage(db, (body) => signer.sign(body)),
  };
}
