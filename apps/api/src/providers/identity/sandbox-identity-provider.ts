import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { sandboxIdentitySessions } from '../../db/schema/sandbox-identity-sessions.ts';
import type { IdentityProvider } from './identity-provider.ts';
import { CallbackRefused } from './identity-types.ts';
import { createSandboxIdentityWidget } from './sandbox-identity-widget.ts';
import { callbackSigner } from './signed-callback.ts';

/** How long a widget link stays usable. */
const SESSION_TTL_MS = 60 * 60 * 1000;

const SandboxCallbackSchema = z.object({
  event: z.literal('verification.updated'),
  verificationId: z.uuid(),
  customerId: z.uuid(),
  status: z.enum(['IN_REVIEW', 'APPROVED', 'REJECTED']),
  reason: z.string().max(500).nullable(),
});

/**
 * The sandbox identity provider: its widget is a page of this app (/kyc/sandbox), its records a table of this
 * database, and its callbacks are signed like a real provider's and go through the app's callback endpoint.
 * Without IDENTITY_CALLBACK_SECRET it signs with a secret of this process: its callbacks never leave it.
 */
export function createSandboxIdentityProvider(db: Db, secret: string | null): IdentityProvider {
  const signer = callbackSigner(secret ?? randomBytes(32).toString('base64url'));
  return {
    name: 'sandbox',

    async start({ verificationId, customerId }) {
      const [session] = await db
        .insert(sandboxIdentitySessions)
        .values({ verificationId, customerId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) })
        .returning({ id: sandboxIdentitySessions.id });
      if (!session) throw new Error('sandbox identity session vanished');
      return { widgetUrl: `/kyc/sandbox?session=${session.id}`, providerReference: session.id };
    },

    verifyCallback({ rawBody, headers }) {
      const { id, body } = signer.verify(rawBody, headers);
      const parsed = SandboxCallbackSchema.safeParse(body);
      if (!parsed.success) throw new CallbackRefused('The callback body is not a verification update.');
      const { verificationId, customerId, status, reason } = parsed.data;
      return { callbackId: id, verificationId, customerId, outcome: status, reason };
    },

    sandbox: createSandboxIdentityWidget(db, (body) => signer.sign(body)),
  };
}
