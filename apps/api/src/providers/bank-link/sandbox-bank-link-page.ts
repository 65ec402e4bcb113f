import { randomBytes } from 'node:crypto';
import type { SandboxBankLinkSession, SandboxBankLinkSubmission } from '@bizdash/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxBankLinkSessions as sessions } from '../../db/schema/sandbox-bank-link-sessions.ts';
import type { SignedCallback } from '../identity/signed-callback.ts';
import {
  SANDBOX_BANK_LINK_GOOD,
  SANDBOX_BANK_LINK_INSTITUTIONS,
  SANDBOX_BANK_LINK_TEST_CREDENTIALS,
} from './sandbox-bank-link-data.ts';

type SessionRow = typeof sessions.$inferSelect;

/** The body of the sandbox's callbacks (a real provider has its own format, read by its own adapter). */
export interface SandboxBankLinkCallbackBody {
  event: 'link.completed';
  linkSessionId: string;
  publicToken: string;
}

/** Sends a signed callback to the app's callback endpoint: accepted, or refused with the app's words. */
export type DeliverBankLinkCallback = (
  callback: SignedCallback,
) => Promise<{ accepted: true } | { accepted: false; refusal: string | null }>;

type SubmitResult =
  | { kind: 'NOT_FOUND' }
  | { kind: 'ALREADY_SUBMITTED'; session: SandboxBankLinkSession }
  | { kind: 'UNKNOWN_INSTITUTION' }
  | { kind: 'INVALID_CREDENTIALS' }
  | { kind: 'UNDELIVERED' }
  | { kind: 'SUBMITTED'; session: SandboxBankLinkSession };

/** The sandbox hosted page's backend: the page at /bank-link/sandbox talks to it through the sandbox routes. */
export interface SandboxBankLinkPage {
  /** A session still open to the page (not expired); null otherwise. */
  session(sessionId: string): Promise<SandboxBankLinkSession | null>;
  /** Checks the sign-in, then links the chosen account and tells the app (a signed callback). */
  submit(
    sessionId: string,
    submission: SandboxBankLinkSubmission,
    deliver: DeliverBankLinkCallback,
  ): Promise<SubmitResult>;
}

const INSTITUTIONS = SANDBOX_BANK_LINK_INSTITUTIONS.map(({ id, name }) => ({ id, name }));

function toSession(row: SessionRow): SandboxBankLinkSession {
  return {
    sessionId: row.id,
    status: row.status,
    reason: row.reason,
    completionRedirectUrl: row.completionRedirectUrl,
    institutions: INSTITUTIONS,
    testCredentials: SANDBOX_BANK_LINK_TEST_CREDENTIALS,
  };
}

export function createSandboxBankLinkPage(
  db: Db,
  sign: (body: SandboxBankLinkCallbackBody) => SignedCallback,
): SandboxBankLinkPage {
  const live = (sessionId: string) => and(eq(sessions.id, sessionId), gt(sessions.expiresAt, sql`now()`));

  return {
    async session(sessionId) {
      const [row] = await db.select().from(sessions).where(live(sessionId));
      return row ? toSession(row) : null;
    },

    async submit(sessionId, submission, deliver) {
      const [current] = await db.select().from(sessions).where(live(sessionId));
      if (!current) return { kind: 'NOT_FOUND' };
      if (current.status !== 'OPEN') return { kind: 'ALREADY_SUBMITTED', session: toSession(current) };
      if (!INSTITUTIONS.some((institution) => institution.id === submission.institutionId)) {
        return { kind: 'UNKNOWN_INSTITUTION' };
      }
      if (
        submission.username !== SANDBOX_BANK_LINK_GOOD.username ||
        submission.password !== SANDBOX_BANK_LINK_GOOD.password
      ) {
        return { kind: 'INVALID_CREDENTIALS' };
      }

      const publicToken = `public-sandbox-${randomBytes(24).toString('base64url')}`;
      // Claimed with a conditional update: of two submits at once, one links and the other finds it linked.
      const [claimed] = await db
        .update(sessions)
        .set({
          status: 'COMPLETED',
          institutionId: submission.institutionId,
          accountType: submission.accountType,
          publicToken,
        })
        .where(and(live(sessionId), eq(sessions.status, 'OPEN')))
        .returning();
      if (!claimed) {
        const [now] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
        return now ? { kind: 'ALREADY_SUBMITTED', session: toSession(now) } : { kind: 'NOT_FOUND' };
      }

      const delivered = await deliver(
        sign({ event: 'link.completed', linkSessionId: sessionId, publicToken }),
      );
      if (delivered.accepted) return { kind: 'SUBMITTED', session: toSession(claimed) };
      if (delivered.refusal === null) {
        // The app did not take it: the merchant may try again.
        await db
          .update(sessions)
          .set({ status: 'OPEN', institutionId: null, accountType: null, publicToken: null })
          .where(eq(sessions.id, sessionId));
        return { kind: 'UNDELIVERED' };
      }
      // The app refused the account (already added, link expired): the page says why.
      const [failed] = await db
        .update(sessions)
        .set({ status: 'FAILED', reason: delivered.refusal })
        .where(eq(sessions.id, sessionId))
        .returning();
      return { kind: 'SUBMITTED', session: toSession(failed ?? claimed) };
    },
  };
}
