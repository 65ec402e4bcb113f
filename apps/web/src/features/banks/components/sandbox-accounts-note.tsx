import { ChevronDown, FlaskConical } from 'lucide-react';
import { useSandboxAccounts } from '../api/get-sandbox-accounts';

interface SandboxAccountsNoteProps {
  /** Fills the form with the bank and the number. */
  onUse: (bankCode: string, accountNumber: string) => void;
}

/** Test mode: account numbers that pass the bank's check, one per sandbox outcome, as the checkout lists test cards. */
export function SandboxAccountsNote({ onUse }: SandboxAccountsNoteProps) {
  const { data } = useSandboxAccounts();
  if (!data) return null;
  return (
    <details className="group rounded-lg bg-amber-50 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-3.5 py-2.5 font-medium focus-visible:outline-2 focus-visible:outline-amber-700 [&::-webkit-details-marker]:hidden">
        <FlaskConical className="size-4 shrink-0 text-amber-700" aria-hidden="true" />
        <span className="flex-1">
          Test account numbers
          <span className="block text-xs font-normal text-amber-800 sm:ml-1.5 sm:inline">
            Sandbox: no real bank is asked
          </span>
        </span>
        <ChevronDown
          className="size-4 shrink-0 transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
      </summary>
      <div className="border-t border-amber-200 px-3.5 pt-2.5 pb-3">
        <p className="text-xs text-amber-900">At {data.bankName}:</p>
        <ul className="mt-1.5 flex flex-col gap-2">
          {data.accounts.map((account) => (
            <li key={account.accountNumber} className="flex items-start justify-between gap-3 text-[13px]">
              <span className="min-w-0">
                <span className="block font-mono tracking-tight">{account.accountNumber}</span>
                <span className="block text-amber-900">{account.description}</span>
              </span>
              <button
                type="button"
                className="shrink-0 rounded-md px-2 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-amber-700"
                aria-label={`Use ${account.accountNumber}`}
                onClick={() => onUse(data.bankCode, account.accountNumber)}
              >
                Use
              </button>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
