import { z } from 'zod';

/** GET /api/bank/nigeria-banks: the banks a merchant can settle NGN to (SPEC section 3, bank list item). */
export const NigeriaBankSchema = z.object({ bankName: z.string(), bankCode: z.string() });
export type NigeriaBank = z.infer<typeof NigeriaBankSchema>;
export const NigeriaBankListSchema = z.array(NigeriaBankSchema);
