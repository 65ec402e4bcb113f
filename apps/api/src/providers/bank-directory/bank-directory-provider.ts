import type { Config } from '../../config.ts';

/** What the directory knows of an account: the name its bank holds it under, or that there is no such account. */
type AccountLookup = { found: true; accountName: string } | { found: false };

/** A bank the directory lists: its name, and the code name enquiry and transfers know it by (CBN or NIP code). */
export interface DirectoryBank {
  bankName: string;
  bankCode: string;
}

/** The directory could not answer just now (down, timed out): nothing is known either way. */
export class DirectoryUnavailable extends Error {
  constructor(cause: unknown) {
    super('The bank directory did not answer', { cause });
    this.name = 'DirectoryUnavailable';
  }
}

/**
 * A bank directory: the Nigerian banks it knows (Paystack's `GET /bank`), and name enquiry: given a bank's code and
 * a 10-digit account number, the name the bank holds the account under, as Paystack's `GET /bank/resolve` or a
 * NIBSS name enquiry answer it. The merchant confirms that name before an NGN settlement account is saved, and the
 * server keeps the directory's name, never one the client sent. Adding a real directory is one file implementing
 * this, plus its line in providers/registry.ts and its name in config's BANK_DIRECTORY_PROVIDER.
 */
export interface BankDirectoryProvider {
  readonly name: Config['banks']['directoryProvider'];
  /**
   * The banks an NGN settlement account can be at, each once, in no particular order (features/banks keeps them
   * for a day). Throws DirectoryUnavailable when the directory cannot answer now.
   */
  listBanks(): Promise<DirectoryBank[]>;
  /** Throws DirectoryUnavailable when the directory cannot answer now. */
  resolveAccount(request: { bankCode: string; accountNumber: string }): Promise<AccountLookup>;
}
