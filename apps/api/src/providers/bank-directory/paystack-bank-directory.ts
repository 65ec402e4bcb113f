import { z } from 'zod';
import {
  createPaystackClient,
  PaystackCallFailed,
  type PaystackPage,
  type PaystackSettings,
} from '../paystack/paystack-client.ts';
import {
  type BankDirectoryProvider,
  type DirectoryBank,
  DirectoryUnavailable,
} from './bank-directory-provider.ts';

const NOT_FOUND_STATUSES = new Set([400, 404, 422]);

const ResolvedSchema = z.object({ account_number: z.string(), account_name: z.string() });

/** Paystack's most records per page of `GET /bank`. */
const BANKS_PER_PAGE = 100;
/** Nigeria has a few hundred banks: a directory that keeps answering full pages past this is not believed. */
const MOST_BANK_PAGES = 20;

/**
 * One of `GET /bank`'s records, with only the fields the choice needs. Each record is read on its own: one that
 * Paystack writes oddly costs that bank, not the whole list.
 */
const BankRecordSchema = z.object({
  name: z.string().trim().min(1),
  code: z.string().trim().min(1),
  active: z.boolean().nullish(),
  is_deleted: z.boolean().nullish(),
  currency: z.string().nullish(),
  type: z.string().nullish(),
});

/**
 * A record an NGN settlement account can be at: a NUBAN bank in Naira, active, not deleted. A field Paystack
 * leaves out is not held against the bank (the query already asked for Nigeria's NGN banks).
 */
function usableBank(record: unknown): DirectoryBank | null {
  const parsed = BankRecordSchema.safeParse(record);
  if (!parsed.success) return null;
  const bank = parsed.data;
  if (bank.active === false || bank.is_deleted === true) return null;
  if (bank.currency && bank.currency.toUpperCase() !== 'NGN') return null;
  if (bank.type && bank.type.toLowerCase() !== 'nuban') return null;
  return { bankName: bank.name, bankCode: bank.code };
}

/**
 * Paystack as the bank directory (BANK_DIRECTORY_PROVIDER=paystack): its list of Nigeria's banks
 * (`GET /bank`), and name enquiry through `GET /bank/resolve`. Paystack refuses an account it cannot find ("Could
 * not resolve account name"): not found. No answer, a 5xx or a refused key: the directory is unavailable, and the
 * merchant is asked to try again.
 */
export function createPaystackBankDirectory(
  settings: PaystackSettings,
  { banksPerPage = BANKS_PER_PAGE }: { banksPerPage?: number } = {},
): BankDirectoryProvider {
  const paystack = createPaystackClient(settings);
  const bankPage = (page: number): Promise<PaystackPage<unknown>> =>
    paystack.list('/bank', { country: 'nigeria', currency: 'NGN', perPage: banksPerPage, page }, z.unknown());
  return {
    name: 'paystack',
    /**
     * Page by page (`page`, `perPage`) while Paystack's `meta` says more pages follow (or, without page numbers in
     * `meta`, while pages come back full), and only while pages bring banks not seen already (a directory that
     * ignores `page` answers the same page again).
     */
    async listBanks() {
      const banks = new Map<string, DirectoryBank>();
      const seen = new Set<string>();
      try {
        let page: number | null = 1;
        for (let asked = 0; page !== null && asked < MOST_BANK_PAGES; asked += 1) {
          const { items, nextPage, numbered } = await bankPage(page);
          const before = seen.size;
          for (const record of items) {
            const code = (record as { code?: unknown } | null)?.code;
            if (typeof code === 'string') seen.add(code.trim());
            const bank = usableBank(record);
            if (bank && !banks.has(bank.bankCode)) banks.set(bank.bankCode, bank);
          }
          const full = items.length >= banksPerPage;
          const following: number | null = full ? page + 1 : null;
          page = seen.size === before ? null : numbered ? nextPage : following;
        }
      } catch (error) {
        throw new DirectoryUnavailable(error);
      }
      return [...banks.values()];
    },
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
