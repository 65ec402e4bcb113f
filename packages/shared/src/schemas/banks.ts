import { z } from 'zod';
import { ACCOUNT_NUMBER_DIGITS, accountNumberProblem, UNKNOWN_BANK } from '../banks/nuban.ts';
import { CURRENCIES } from '../constants.ts';

/**
 * GET /api/bank/nigeria-banks: the banks a merchant can settle NGN to (SPEC section 3, bank list item), as the
 * bank directory lists them: the codes may be ones NIGERIAN_BANKS does not hold.
 */
export const NigeriaBankSchema = z.object({ bankName: z.string(), bankCode: z.string() });
export type NigeriaBank = z.infer<typeof NigeriaBankSchema>;
export const NigeriaBankListSchema = z.array(NigeriaBankSchema);

/** SPEC section 5: what the bank form says when a field is missing. */
export const BANK_NAME_REQUIRED = 'Bank name is required';
export const ACCOUNT_NUMBER_REQUIRED = 'Account number is required';
export const ACCOUNT_TYPE_REQUIRED = 'Please select an account type';
/** The bank directory has no account with this number at this bank (or the sandbox's documented unknown number). */
export const ACCOUNT_NOT_FOUND =
  'We could not find an account with this number at the selected bank. Check the number and the bank.';
export const BANK_ACCOUNT_DUPLICATE = 'This bank account is already one of your settlement accounts.';

/** NGN accounts at a Nigerian bank are savings or current accounts; a linked US account is checking or savings. */
export const NGN_ACCOUNT_TYPES = ['savings', 'current'] as const;
export type NgnAccountType = (typeof NGN_ACCOUNT_TYPES)[number];
export const USD_ACCOUNT_TYPES = ['checking', 'savings'] as const;
export type UsdAccountType = (typeof USD_ACCOUNT_TYPES)[number];
export const ACCOUNT_TYPE_LABELS: Record<NgnAccountType | UsdAccountType, string> = {
  savings: 'Savings',
  current: 'Current',
  checking: 'Checking',
};

export const BANK_ACCOUNT_STATUSES = ['ACTIVE', 'DEACTIVATED'] as const;
export type BankAccountStatus = (typeof BANK_ACCOUNT_STATUSES)[number];

/** Only its form: whether the bank is on the bank directory's list is the server's to say (UNKNOWN_BANK). */
const bankCodeField = z
  .string({ error: BANK_NAME_REQUIRED })
  .trim()
  .min(1, BANK_NAME_REQUIRED)
  .max(10, UNKNOWN_BANK);

/** People paste numbers with spaces or dashes ('0123 456 789'); the check reads the digits. */
const accountNumberField = z
  .string({ error: ACCOUNT_NUMBER_REQUIRED })
  .trim()
  .min(1, ACCOUNT_NUMBER_REQUIRED)
  .max(30, ACCOUNT_NUMBER_DIGITS)
  .transform((value) => value.replace(/[\s-]/g, ''));

const ngnAccountTypeField = z.enum(NGN_ACCOUNT_TYPES, { error: ACCOUNT_TYPE_REQUIRED });

/** Why the number cannot be at the bank (nuban.ts), once both are there; null otherwise. */
function problemOf(value: unknown): string | null {
  const { bankCode, accountNumber } = (value ?? {}) as { bankCode?: unknown; accountNumber?: unknown };
  if (typeof bankCode !== 'string' || typeof accountNumber !== 'string' || !bankCode || !accountNumber)
    return null;
  return accountNumberProblem(bankCode.trim(), accountNumber.trim().replace(/[\s-]/g, ''));
}

/**
 * The NUBAN check on the bank and the number together. `when` runs it even while another field (the account
 * type) is still missing, so the form says everything at once.
 */
function withAccountNumberCheck<T extends z.ZodType<{ bankCode: string; accountNumber: string }>>(schema: T) {
  const when = (payload: { value: unknown }) => problemOf(payload.value) !== null;
  return schema.refine((value) => problemOf(value) === null, {
    path: ['accountNumber'],
    error: (issue) => problemOf(issue.input) ?? ACCOUNT_NUMBER_DIGITS,
    when,
  });
}

/** POST /api/bank/resolve-account: the account holder's name, before the merchant saves the account. */
export const ResolveAccountRequestSchema = withAccountNumberCheck(
  z.object({ bankCode: bankCodeField, accountNumber: accountNumberField }),
);
export type ResolveAccountRequest = z.infer<typeof ResolveAccountRequestSchema>;

export const ResolvedAccountSchema = z.object({ accountName: z.string(), bankName: z.string() });
export type ResolvedAccount = z.infer<typeof ResolvedAccountSchema>;

/** GET /api/bank/sandbox-accounts: numbers to try the sandbox directory and rail with (banks/sandbox-accounts.ts). */
export const SandboxNairaAccountsSchema = z.object({
  bankName: z.string(),
  bankCode: z.string(),
  accounts: z.array(z.object({ accountNumber: z.string(), description: z.string() })),
});
export type SandboxNairaAccounts = z.infer<typeof SandboxNairaAccountsSchema>;

/** The settlement screen's NGN form: what the merchant picks and types (the wallet is the merchant's NGN one). */
export const NigeriaBankFormSchema = withAccountNumberCheck(
  z.object({ bankCode: bankCodeField, accountNumber: accountNumberField, accountType: ngnAccountTypeField }),
);
export type NigeriaBankForm = z.input<typeof NigeriaBankFormSchema>;
export type NigeriaBankFormValues = z.output<typeof NigeriaBankFormSchema>;

/**
 * POST /api/bank/add-nigeria-bank (SPEC section 7: userWalletRecordId, bankCode, accountNumber; plus the account
 * type). The holder's name is never sent: the server resolves it with the bank directory.
 */
export const AddNigeriaBankRequestSchema = withAccountNumberCheck(
  z.object({
    userWalletRecordId: z.uuid({
      error: (issue) => (issue.input === undefined ? 'Wallet ID is required' : 'Wallet ID is invalid'),
    }),
    bankCode: bankCodeField,
    accountNumber: accountNumberField,
    accountType: ngnAccountTypeField,
  }),
);
export type AddNigeriaBankRequest = z.infer<typeof AddNigeriaBankRequestSchema>;

/**
 * The Bank account entity of SPEC section 3, plus its type and when it was added. The number never leaves the
 * server whole: accountNumberMasked is its last four digits behind '*'.
 */
export const BankAccountSchema = z.object({
  recordId: z.uuid(),
  bankName: z.string(),
  accountHolderName: z.string(),
  accountNumberMasked: z.string(),
  status: z.enum(BANK_ACCOUNT_STATUSES),
  currencyCode: z.enum(CURRENCIES),
  accountType: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type BankAccount = z.infer<typeof BankAccountSchema>;

/** GET /api/bank/accounts: the acting user's settlement accounts, newest first, deactivated ones included. */
export const BankAccountListSchema = z.array(BankAccountSchema);

export const BankAccountIdParamsSchema = z.object({
  bankAccountId: z.uuid({ error: 'Bank account ID is invalid' }),
});

/** POST /api/users/plaid/link (SPEC section 7): a hosted bank-link page for the user's USD settlement account. */
export const BankLinkRequestSchema = z.object({
  userRecordId: z.uuid({
    error: (issue) => (issue.input === undefined ? 'User ID is required' : 'User ID is invalid'),
  }),
});
export type BankLinkRequest = z.infer<typeof BankLinkRequestSchema>;

/** SPEC section 3, Hosted bank-link response. */
export const HostedBankLinkSchema = z.object({ hostedLinkUrl: z.string() });
export type HostedBankLink = z.infer<typeof HostedBankLinkSchema>;

/** The sandbox bank-link page (/bank-link/sandbox): its session, and what the merchant submits there. */
export const SANDBOX_BANK_LINK_STATUSES = ['OPEN', 'COMPLETED', 'FAILED'] as const;
export type SandboxBankLinkStatus = (typeof SANDBOX_BANK_LINK_STATUSES)[number];

export const SandboxBankLinkSessionSchema = z.object({
  sessionId: z.uuid(),
  status: z.enum(SANDBOX_BANK_LINK_STATUSES),
  reason: z.string().nullable(),
  /** Where the page sends the merchant once the account is linked (the settlement screen). */
  completionRedirectUrl: z.string(),
  institutions: z.array(z.object({ id: z.string(), name: z.string() })),
  testCredentials: z.array(z.object({ username: z.string(), password: z.string(), outcome: z.string() })),
});
export type SandboxBankLinkSession = z.infer<typeof SandboxBankLinkSessionSchema>;

export const SandboxBankLinkParamsSchema = z.object({
  sessionId: z.uuid({ error: 'This bank link is not valid' }),
});

export const SandboxBankLinkSubmissionSchema = z.object({
  institutionId: z.string({ error: 'Select your bank' }).trim().min(1, 'Select your bank').max(40),
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(100),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(100),
  accountType: z.enum(USD_ACCOUNT_TYPES, { error: 'Select checking or savings' }),
});
export type SandboxBankLinkSubmission = z.infer<typeof SandboxBankLinkSubmissionSchema>;
