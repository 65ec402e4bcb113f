import { z } from 'zod';

/** One email the sandbox email provider "sent" (GET /api/sandbox/mailbox). */
export const SandboxEmailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type SandboxEmail = z.infer<typeof SandboxEmailSchema>;

export const SandboxMailboxResponseSchema = z.object({ messages: z.array(SandboxEmailSchema) });
export type SandboxMailboxResponse = z.infer<typeof SandboxMailboxResponseSchema>;
