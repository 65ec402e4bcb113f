import {
  accountStatusStyle,
  type BankAccount,
  currencyLabel,
  formatMaskedAccountNumber,
  TRUNCATE_LIMITS,
  truncate,
} from '@bizdash/shared';
import { DataTable, tableCellClasses } from '@/components/ui/data-table';
import { PermissionGate } from '@/components/ui/permission-gate';
import { StatusBadge } from '@/components/ui/status-badge';
import { cn } from '@/lib/cn';

export interface BankAccountRowsProps {
  accounts: BankAccount[];
  /** Names the list for assistive technology. */
  caption: string;
  onDeactivate: (account: BankAccount) => void;
}

/** SPEC section 3: the masked number, left-padded with * to 8 characters. */
const maskedNumber = (account: BankAccount) => formatMaskedAccountNumber(account.accountNumberMasked);

function StatusCell({ status }: { status: string }) {
  const { label, tone } = accountStatusStyle(status);
  return <StatusBadge tone={tone}>{label}</StatusBadge>;
}

function DeactivateButton({ account, onDeactivate }: { account: BankAccount; onDeactivate: () => void }) {
  if (account.status !== 'ACTIVE') return null;
  return (
    <PermissionGate permission="bank_accounts.manage">
      {(allowed) => (
        <button
          type="button"
          disabled={!allowed}
          className="inline-flex h-8 items-center rounded-lg px-3 text-sm font-semibold text-red-700 transition-colors hover:bg-red-50 hover:text-red-800 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:bg-transparent"
          aria-label={`Deactivate ${account.bankName} account ${maskedNumber(account)}`}
          onClick={onDeactivate}
        >
          Deactivate
        </button>
      )}
    </PermissionGate>
  );
}

const COLUMNS = ['Bank', 'Account name', 'Account number', 'Currency', 'Status', 'Actions'] as const;
const COLUMN_CLASSES: Record<(typeof COLUMNS)[number], string> = {
  Bank: 'w-1/2 max-w-0 text-left',
  'Account name': 'w-1/2 max-w-0 text-left',
  'Account number': 'whitespace-nowrap text-left',
  Currency: 'whitespace-nowrap text-left',
  Status: 'whitespace-nowrap text-left',
  Actions: 'w-px whitespace-nowrap text-right',
};
const cell = cn(tableCellClasses, 'align-middle');

/** Wide screens: one row per account; long bank and holder names are cut at 30 characters (SPEC section 9). */
export function BankAccountsTable({ accounts, caption, onDeactivate }: BankAccountRowsProps) {
  return (
    <DataTable caption={caption} columns={COLUMNS} columnClasses={COLUMN_CLASSES} unlabelled={['Actions']}>
      {accounts.map((account) => (
        <tr key={account.recordId} data-testid="bank-account-row" data-bank-id={account.recordId}>
          <td className={cn(cell, COLUMN_CLASSES.Bank, 'font-medium text-slate-900')}>
            <span className="block truncate" title={account.bankName}>
              {truncate(account.bankName, TRUNCATE_LIMITS.bankName)}
            </span>
          </td>
          <td className={cn(cell, COLUMN_CLASSES['Account name'], 'text-slate-700')}>
            <span className="block truncate" title={account.accountHolderName}>
              {truncate(account.accountHolderName, TRUNCATE_LIMITS.accountName)}
            </span>
          </td>
          <td
            className={cn(cell, COLUMN_CLASSES['Account number'], 'font-mono text-slate-800 tabular-nums')}
            data-testid="bank-account-number"
          >
            {maskedNumber(account)}
          </td>
          <td className={cn(cell, COLUMN_CLASSES.Currency, 'text-slate-700')}>
            {currencyLabel(account.currencyCode)}
          </td>
          <td className={cn(cell, COLUMN_CLASSES.Status)}>
            <StatusCell status={account.status} />
          </td>
          <td className={cn(cell, COLUMN_CLASSES.Actions, 'py-1.5')}>
            <DeactivateButton account={account} onDeactivate={() => onDeactivate(account)} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Narrow screens: each account is a card, so nothing scrolls sideways. */
export function BankAccountCards({ accounts, caption, onDeactivate }: BankAccountRowsProps) {
  return (
    <ul aria-label={caption} className="divide-y divide-slate-100">
      {accounts.map((account) => (
        <li
          key={account.recordId}
          data-testid="bank-account-row"
          data-bank-id={account.recordId}
          className="flex flex-col gap-1.5 px-4 py-3.5"
        >
          <span className="flex items-center justify-between gap-3">
            <span className="min-w-0 truncate font-medium text-slate-900" title={account.bankName}>
              {truncate(account.bankName, TRUNCATE_LIMITS.bankName)}
            </span>
            <StatusCell status={account.status} />
          </span>
          <span className="truncate text-sm text-slate-700" title={account.accountHolderName}>
            {truncate(account.accountHolderName, TRUNCATE_LIMITS.accountName)}
          </span>
          <span className="flex items-center justify-between gap-3 text-sm text-slate-600">
            <span>
              <span className="font-mono text-slate-800 tabular-nums" data-testid="bank-account-number">
                {maskedNumber(account)}
              </span>
              {' · '}
              {currencyLabel(account.currencyCode)}
            </span>
            <DeactivateButton account={account} onDeactivate={() => onDeactivate(account)} />
          </span>
        </li>
      ))}
    </ul>
  );
}
