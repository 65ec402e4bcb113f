import { SandboxNote } from '@/components/ui/sandbox-note';
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
    <SandboxNote title="Test account numbers" subtitle="Sandbox: no real bank is asked">
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
    </SandboxNote>
  );
}
