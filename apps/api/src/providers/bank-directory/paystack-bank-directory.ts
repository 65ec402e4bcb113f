import { z } from 'zod';
import {
  createPaystackClient,
  PaystackCallFailed,
  type PaystackSettings,
} from '../paystack/paystack-client.ts';
import { type BankDirectoryProvider, DirectoryUnavailable } from './bank-directory-provider.ts';

const NOT_FOUND_STATUSES = new Set([400, 404, 422]);

const ResolvedSchema = z.object({ account_number: z.string(), account_name: z.string() });

/**
 * Name enquiry through Paystack's `GET /bank/resolve` (BANK_DIRECTORY_PROVIDER=paystack). Paystack refuses an
 * account it cannot find ("Could not resolve account name"): not found. No answer, a 5xx or a refused key: the
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
        // Paystack says it cannot resolve the account (422, or 400 for a bad number): not found. Anything else (a
        // refused key, no answer, a 5xx) says nothing of the account.
        if (error instanceof PaystackCallFailed && NOT_FOUND_STATUSES.has(error.httpStatus ?? 0)) {
          return { found: false };
        }
        throw new DirectoryUnavailable(error);
      }
    },
  };
}
