import { z } from 'zod';

export const ApiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** ROLE_REQUIRED (ADR 055): the permission the route needs and the roles that hold it. */
  permission: z.string().optional(),
  roles: z.array(z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('up'),
  /** True while any provider is a sandbox: payments and emails are simulated, no real money moves. */
  testMode: z.boolean(),
});
export type Health = z.infer<typeof HealthSchema>;
