import { type BankAccount, currencyLabel, formatMaskedAccountNumber } from '@bizdash/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeactivateBankAccount } from '../api/deactivate-bank-account';

interface DeactivateAccountDialogProps {
  /** The account to deactivate; null keeps the dialog closed. */
  account: BankAccount | null;
  onClose: () => void;
}

/** Asks first, and says what happens: payouts stop going there; the account can be added again later. */
export function DeactivateAccountDialog({ account, onClose }: DeactivateAccountDialogProps) {
  const deactivate = useDeactivateBankAccount({ onSuccess: onClose });
  return (
    <ConfirmDialog
      open={account !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Deactivate settlement account?"
      confirmLabel="Deactivate account"
      onConfirm={() => account && deactivate.mutate(account.recordId)}
      pending={deactivate.isPending}
      destructive
    >
      {account ? (
        <p className="text-sm text-slate-700">
          Your {currencyLabel(account.currencyCode)} balance will no longer be paid out to{' '}
          <strong className="font-semibold text-slate-900">
            {account.bankName} {formatMaskedAccountNumber(account.accountNumberMasked)}
          </strong>{' '}
          ({account.accountHolderName}). You can add this account again later.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
