import { z } from 'zod';

/**
 * What the customer chose and typed for a payment (never the card). It travels in the history entry from the
 * checkout to the payment page and back, so another attempt ("Try again", "Use another card") starts from it
 * and a reload keeps it.
 */
const CustomerDraftSchema = z
  .object({
    customerName: z.string(),
    customerEmail: z.string(),
    quantity: z.number().int().positive(),
  })
  .partial();
export type CustomerDraft = z.infer<typeof CustomerDraftSchema>;

const DraftStateSchema = z.object({ customerDraft: CustomerDraftSchema });

/** The navigation state that carries a draft. */
export function draftState(customerDraft: CustomerDraft) {
  return { customerDraft };
}

/** History state may hold anything (an older build, another page): only a well-formed draft is used. */
export function customerDraftFrom(state: unknown): CustomerDraft {
  const parsed = DraftStateSchema.safeParse(state);
  return parsed.success ? parsed.data.customerDraft : {};
}
