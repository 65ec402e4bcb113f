import type { KycSubmission, SandboxKycSession } from '@bizdash/shared';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxIdentitySessions as sessions } from '../../db/schema/sandbox-identity-sessions.ts';
import type { IdentityOutcome } from './identity-types.ts';
import { SANDBOX_REVIEW_DELAY_MS, SANDBOX_TEST_IDS, sandboxDecision } from './sandbox-test-ids.ts';
import type { SignedCallback } from './signed-callback.ts';

type SessionRow = typeof sessions.$inferSelect;

/** Sends a signed callback to the app's callback endpoint; true when the app accepted it. */
export type DeliverCallback = (callback: SignedCallback) => Promise<boolean>;

/** The body of the sandbox's callbacks (a real provider has its own format, read by its own adapter). */
export interface SandboxCallbackBody {
  event: 'verification.updated';
  verificationId: string;
  customerId: string;
  status: IdentityOutcome;
  reason: string | null;
}

type SubmitResult =
  | { kind: 'NOT_FOUND' }
  | { kind: 'ALREADY_SUBMITTED'; session: SandboxKycSession }
  | { kind: 'NO_SELFIE' }
  | { kind: 'UNDELIVERED' }
  | { kind: 'SUBMITTED'; session: SandboxKycSession };

/** The sandbox widget's backend: the pages at /kyc/sandbox talk to it through the sandbox routes. */
export interface SandboxIdentityWidget {
  /** A session still open to the widget (not expired); null otherwise. */
  session(sessionId: string): Promise<SandboxKycSession | null>;
  /** The verification an open (not yet submitted) session belongs to; null when there is none. */
  openVerificationOf(sessionId: string): Promise<string | null>;
  /** Records the stored selfie's id on an open session; false when there is no such open session. */
  attachSelfie(sessionId: string, fileId: string): Promise<boolean>;
  /** Decides the outcome from the test number and tells the app: IN_REVIEW first, then the decision if any. */
  submit(sessionId: string, submission: KycSubmission, deliver: DeliverCallback): Promise<SubmitResult>;
  /** Approves the reviews that are due (the scheduled job); returns how many were approved. */
  approveDueReviews(deliver: DeliverCallback): Promise<number>;
}

const TEST_NUMBERS = SANDBOX_TEST_IDS.map(({ idType, number, label }) => ({
  idType,
  number,
  outcome: label,
}));

function toSession(row: SessionRow): SandboxKycSession {
  return {
    sessionId: row.id,
    status: row.status,
    reason: row.reason,
    hasSelfie: row.selfieFileId !== null,
    testNumbers: TEST_NUMBERS,
  };
}

export function createSandboxIdentityWidget(
  db: Db,
  sign: (body: SandboxCallbackBody) => SignedCallback,
): SandboxIdentityWidget {
  const live = (sessionId: string) => and(eq(sessions.id, sessionId), gt(sessions.expiresAt, sql`now()`));
  const callbackOf = (row: SessionRow, status: IdentityOutcome, reason: string | null) =>
    sign({
      event: 'verification.updated',
      verificationId: row.verificationId,
      customerId: row.customerId,
      status,
      reason,
    });

  return {
    async session(sessionId) {
      const [row] = await db.select().from(sessions).where(live(sessionId));
      return row ? toSession(row) : null;
    },

    async openVerificationOf(sessionId) {
      const [row] = await db
        .select({ verificationId: sessions.verificationId })
        .from(sessions)
        .where(and(live(sessionId), eq(sessions.status, 'OPEN')));
      return row?.verificationId ?? null;
    },

    async attachSelfie(sessionId, fileId) {
      const attached = await db
        .update(sessions)
        .set({ selfieFileId: fileId })
        .where(and(live(sessionId), eq(sessions.status, 'OPEN')))
        .returning({ id: sessions.id });
      return attached.length > 0;
    },

    async submit(sessionId, submission, deliver) {
      const [current] = await db.select().from(sessions).where(live(sessionId));
      if (!current) return { kind: 'NOT_FOUND' };
      if (current.status !== 'OPEN') return { kind: 'ALREADY_SUBMITTED', session: toSession(current) };
      if (current.selfieFileId === null) return { kind: 'NO_SELFIE' };

      const decision = sandboxDecision(submission.idType, submission.idNumber);
      const status = decision.outcome === 'REVIEW_THEN_APPROVED' ? 'IN_REVIEW' : decision.outcome;
      // Claimed with a conditional update: of two submits at once, one decides and the other finds it decided.
      const [claimed] = await db
        .update(sessions)
        .set({
          status,
          reason: decision.reason,
          idType: submission.idType,
          idNumberLast4: submission.idNumber.slice(-4),
          reviewDueAt: status === 'IN_REVIEW' ? new Date(Date.now() + SANDBOX_REVIEW_DELAY_MS) : null,
        })
        .where(and(live(sessionId), eq(sessions.status, 'OPEN')))
        .returning();
      if (!claimed) {
        const [now] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
        return now ? { kind: 'ALREADY_SUBMITTED', session: toSession(now) } : { kind: 'NOT_FOUND' };
      }

      const delivered =
        (await deliver(callbackOf(claimed, 'IN_REVIEW', null))) &&
        (status === 'IN_REVIEW' || (await deliver(callbackOf(claimed, status, decision.reason))));
      if (!delivered) {
        // The app did not take it: the merchant may submit again.
        await db
          .update(sessions)
          .set({ status: 'OPEN', reason: null, reviewDueAt: null })
          .where(eq(sessions.id, sessionId));
        return { kind: 'UNDELIVERED' };
      }
      return { kind: 'SUBMITTED', session: toSession(claimed) };
    },

    async approveDueReviews(deliver) {
      const due = db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.status, 'IN_REVIEW'), lte(sessions.reviewDueAt, sql`now()`)))
        .limit(50)
        .for('update', { skipLocked: true });
      const approved = await db
        .update(sessions)
        .set({ status: 'APPROVED', reviewDueAt: null })
        .where(inArray(sessions.id, due))
        .returning();
      let count = 0;
      for (const row of approved) {
        if (await deliver(callbackOf(row, 'APPROVED', null))) {
          count += 1;
          continue;
        }
        // Not taken: back in review, tried again a minute later.
        await db
          .update(sessions)
          .set({ status: 'IN_REVIEW', reviewDueAt: new Date(Date.now() + SANDBOX_REVIEW_DELAY_MS) })
          .where(eq(sessions.id, row.id));
      }
      return count;
    },
  };
}
