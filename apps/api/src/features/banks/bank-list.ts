import { AppError } from '../../lib/errors.ts';
import type {
  BankDirectoryProvider,
  DirectoryBank,
} from '../../providers/bank-directory/bank-directory-provider.ts';

/** The directory's list is kept this long before it is asked again (issue 24 §3: a day). */
const LIST_FRESH_MS = 24 * 60 * 60 * 1000;
/** After a refresh failed, a stale list is served this long before the directory is asked again. */
const RETRY_AFTER_FAILURE_MS = 60 * 1000;

/** No list to serve: the directory has not answered since this process started. */
export const BANK_LIST_UNAVAILABLE = new AppError(
  503,
  'BANK_LIST_UNAVAILABLE',
  'The list of banks could not be loaded just now. Please try again in a few minutes.',
);

/** The bank directory's banks as this process keeps them: fetched once, then served from memory. */
export interface BankList {
  /** The banks by name. Throws BANK_LIST_UNAVAILABLE when there is no list to serve. */
  banks(): Promise<readonly DirectoryBank[]>;
  /** The listed bank with this code, or null. Throws as `banks()`. */
  find(bankCode: string): Promise<DirectoryBank | null>;
}

interface BankListOptions {
  /** The clock the list's age is read on (tests move it). */
  now?: () => number;
  /** Told each time the directory could not give its list (the list in hand, if any, is still served). */
  onRefreshFailed?: (error: unknown) => void;
}

interface Kept {
  banks: readonly DirectoryBank[];
  byCode: ReadonlyMap<string, DirectoryBank>;
  fetchedAt: number;
}

/**
 * The directory's list, kept for a day and refreshed behind the requests (stale-while-revalidate): a fresh list
 * is served from memory; a stale one is served at once while one refresh runs (never two at once); a failed
 * refresh keeps the list in hand and is tried again a minute later. With no list yet, the first request waits for
 * the directory (requests that come meanwhile wait for the same call); if it fails, BANK_LIST_UNAVAILABLE.
 * An empty answer is a failure: it never replaces a list. One per app (banks.routes.ts), per process.
 */
export function createBankList(directory: BankDirectoryProvider, options: BankListOptions = {}): BankList {
  const now = options.now ?? Date.now;
  const failed = (error: unknown) => options.onRefreshFailed?.(error);
  let kept: Kept | null = null;
  let refreshing: Promise<Kept> | null = null;
  let lastFailureAt: number | null = null;

  function refresh(): Promise<Kept> {
    refreshing ??= directory
      .listBanks()
      .then((listed) => {
        if (listed.length === 0) throw new Error('The bank directory listed no banks');
        const byCode = new Map<string, DirectoryBank>();
        for (const { bankName, bankCode } of listed) {
          if (!byCode.has(bankCode)) byCode.set(bankCode, { bankName, bankCode });
        }
        const banks = [...byCode.values()].sort((a, b) => a.bankName.localeCompare(b.bankName, 'en'));
        kept = { banks, byCode, fetchedAt: now() };
        lastFailureAt = null;
        return kept;
      })
      .catch((error: unknown) => {
        lastFailureAt = now();
        failed(error);
        throw error;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function current(): Promise<Kept> {
    if (!kept) return refresh().catch(() => Promise.reject(BANK_LIST_UNAVAILABLE));
    const at = now();
    const stale = at - kept.fetchedAt >= LIST_FRESH_MS;
    const resting = lastFailureAt !== null && at - lastFailureAt < RETRY_AFTER_FAILURE_MS;
    // Told through onRefreshFailed already; the stale list is the answer either way.
    if (stale && !resting) refresh().catch(() => undefined);
    return kept;
  }

  return {
    banks: async () => (await current()).banks,
    find: async (bankCode) => (await current()).byCode.get(bankCode) ?? null,
  };
}
