import { z } from 'zod';
import {
  createPaystackClient,
  PaystackCallFailed,
  type PaystackSettings,
} from '../paystack/paystack-client.ts';
import { type BankDirectoryProvider, DirectoryUnavailable } from './bank-directory-provider.ts';

const ResolvedSchema = z.object({ account_number: z.string(), account_name: z.string() });

/**
 * Name enquiry through Paystack's `GET /bank/resolve` (BANK_DIRECTORY_PROVIDER=paystack). Paystack refuses an
 * account it cannot find with a 4xx ("Could not resolve account name"): not found. No answer, or a 5xx: the
 * directory is unavailable, and the merchant is asked to try again.
 */
export function createPaystackBankDirectory(settings: PaystackSettings): BankDirectoryProvider {
  const paystack = createPaystackClient(settings);
  return {
    name: 'paystack',
    async resolveAccount({ bankCode, accountNumber }) {
      try {
        const resolved = await paystack.get(
          '/bank/resolve',
          { account_number: accountNumber, bank_code: bankCode },
          ResolvedSchema,
        );
        return { found: true, accountName: resolved.account_name };
      } catch (error) {
        if (error instanceof PaystackCallFailed && error.refused) return { found: false };
        throw new DirectoryUnavailable(error);
      }
    },
  };
}
