import { ChevronRight, Landmark } from 'lucide-react';
import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useRequestBankLink } from '../api/request-bank-link';
import { NigeriaBankForm } from './nigeria-bank-form';

interface AddAccountModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: string | null;
  ngnWalletId: string | null;
  /** A hosted link is ready: the screen shows it in the link modal. */
  onLinkReady: (hostedLinkUrl: string) => void;
}

type Step = 'currency' | 'ngn';

function CurrencyChoice({
  title,
  description,
  onClick,
  pending = false,
  disabled = false,
}: {
  title: string;
  description: string;
  onClick: () => void;
  pending?: boolean;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={cn(
        'flex w-full items-center gap-4 rounded-xl border border-slate-200 bg-white px-4 py-3.5 text-left transition-colors',
        'hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
        'disabled:cursor-not-allowed disabled:opacity-60',
      )}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Landmark className="size-5" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-slate-900">{title}</span>
        <span className="block text-sm text-slate-600">{description}</span>
      </span>
      {pending ? (
        <Spinner className="size-5 text-brand-700" />
      ) : (
        <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
      )}
    </button>
  );
}

/**
 * 'Add New' (SPEC section 4, add account flow): choose the currency; Naira leads to the bank form, Dollars asks
 * for a hosted bank link and hands it to the link modal.
 */
export function AddAccountModal({
  open,
  onOpenChange,
  userId,
  ngnWalletId,
  onLinkReady,
}: AddAccountModalProps) {
  const [step, setStep] = useState<Step>('currency');
  const link = useRequestBankLink();
  const close = () => onOpenChange(false);

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && link.isPending) return;
        onOpenChange(next);
        if (!next) setStep('currency');
      }}
      title={step === 'ngn' ? 'Add Naira bank account' : 'Add settlement account'}
      description={
        step === 'ngn'
          ? 'Your Naira balance is paid out to this account.'
          : 'Which balance should this account receive?'
      }
    >
      {step === 'ngn' ? (
        <NigeriaBankForm
          walletId={ngnWalletId}
          onAdded={() => {
            close();
            setStep('currency');
          }}
          onCancel={() => setStep('currency')}
        />
      ) : (
        <div className="flex flex-col gap-3">
          <CurrencyChoice
            title="Naira (₦)"
            description="A Nigerian bank account: pick your bank and enter its account number."
            onClick={() => setStep('ngn')}
            disabled={link.isPending}
          />
          <CurrencyChoice
            title="Dollars ($)"
            description="A US bank account: sign in to your bank through a secure link."
            pending={link.isPending}
            disabled={!userId}
            onClick={() => {
              if (!userId) return;
              link.mutate(userId, {
                onSuccess: ({ hostedLinkUrl }) => {
                  close();
                  onLinkReady(hostedLinkUrl);
                },
              });
            }}
          />
        </div>
      )}
    </Modal>
  );
}
