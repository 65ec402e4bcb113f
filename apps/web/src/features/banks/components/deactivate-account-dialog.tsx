import { type BankAccount, currencyLabel, formatMaskedAccountNumber } from '@bizdash/shared';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
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
    <Modal
      open={account !== null}
      onOpenChange={(open) => {
        if (!open && !deactivate.isPending) onClose();
      }}
      title="Deactivate settlement account?"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={deactivate.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            pending={deactivate.isPending}
            onClick={() => account && deactivate.mutate(account.recordId)}
          >
            Deactivate account
          </Button>
        </>
      }
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
    </Modal>
  );
}
