import type { BankAccount } from '@bizdash/shared';
import { Landmark, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { ListFrame } from '@/components/ui/list-frame';
import { PermissionGate } from '@/components/ui/permission-gate';
import { Spinner } from '@/components/ui/spinner';
import { useBankAccounts } from '@/lib/api/bank-accounts';
import { useFitsWidth } from '@/lib/use-fits-width';
import { AddAccountModal } from './add-account-modal';
import { BankAccountCards, BankAccountsTable } from './bank-account-rows';
import { BankLinkModal } from './bank-link-modal';
import { DeactivateAccountDialog } from './deactivate-account-dialog';

/** Below this width each account is a card: bank, name, number, currency, status and the action need ~720 px. */
const TABLE_MIN_WIDTH = 720;
const CAPTION = 'Settlement accounts';

interface SettlementAccountsProps {
  /** The acting user (who the hosted bank link is for); null while unknown. */
  userId: string | null;
  /** The user's NGN wallet, which a Nigerian account settles; null while the user loads, or when it has none. */
  ngnWalletId: string | null;
}

function AccountList({
  userId,
  onAdd,
  onDeactivate,
}: {
  userId: string | null;
  onAdd: () => void;
  onDeactivate: (account: BankAccount) => void;
}) {
  const { ref, wide } = useFitsWidth(TABLE_MIN_WIDTH);
  const query = useBankAccounts(userId);

  if (!query.data) {
    if (query.isError) return <QueryErrorState query={query} />;
    return (
      <ListFrame busy ref={ref}>
        <div className="flex min-h-40 items-center justify-center text-brand-900">
          <Spinner className="size-8" label="Loading settlement accounts" />
        </div>
      </ListFrame>
    );
  }
  if (query.data.length === 0) {
    return (
      <EmptyState
        icon={Landmark}
        title="No settlement accounts yet"
        description="Add the bank accounts your Naira and Dollar balances are paid out to: a Nigerian account for Naira, a US account for Dollars."
        action={<AddNewButton onClick={onAdd} />}
      />
    );
  }
  const rows = { accounts: query.data, caption: CAPTION, onDeactivate };
  return (
    <ListFrame ref={ref}>{wide ? <BankAccountsTable {...rows} /> : <BankAccountCards {...rows} />}</ListFrame>
  );
}

/** 'Add New', disabled for a role that cannot add settlement accounts, saying who can. */
function AddNewButton({ onClick, className }: { onClick: () => void; className?: string }) {
  return (
    <PermissionGate permission="bank_accounts.manage" className={className}>
      {(allowed) => (
        <Button
          icon={<Plus className="size-4" aria-hidden="true" />}
          onClick={onClick}
          disabled={!allowed}
          className={className}
        >
          Add New
        </Button>
      )}
    </PermissionGate>
  );
}

/** The Settlement Account tab (SPEC section 2): the accounts, 'Add New', deactivation with a confirmation. */
export function SettlementAccounts({ userId, ngnWalletId }: SettlementAccountsProps) {
  const [adding, setAdding] = useState(false);
  const [hostedLinkUrl, setHostedLinkUrl] = useState<string | null>(null);
  const [deactivating, setDeactivating] = useState<BankAccount | null>(null);
  const accounts = useBankAccounts(userId);
  // The empty state carries its own 'Add New'; while loading there is none, so the button never jumps away.
  const headerAdd = accounts.isError || (accounts.data?.length ?? 0) > 0;
  const openAdd = () => setAdding(true);

  return (
    <section aria-labelledby="settlement-accounts-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="settlement-accounts-heading" className="text-base font-semibold text-slate-900">
            Settlement Account
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">The bank accounts your balances are paid out to.</p>
        </div>
        {headerAdd ? <AddNewButton onClick={openAdd} className="self-start sm:self-auto" /> : null}
      </div>
      <AccountList userId={userId} onAdd={openAdd} onDeactivate={setDeactivating} />
      <AddAccountModal
        open={adding}
        onOpenChange={setAdding}
        userId={userId}
        ngnWalletId={ngnWalletId}
        onLinkReady={setHostedLinkUrl}
      />
      <BankLinkModal hostedLinkUrl={hostedLinkUrl} onClose={() => setHostedLinkUrl(null)} />
      <DeactivateAccountDialog account={deactivating} onClose={() => setDeactivating(null)} />
    </section>
  );
}
