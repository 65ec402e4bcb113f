import { PageHeader } from '@/components/ui/page-header';
import { RequirePermission } from '@/components/ui/permission-gate';
import { BackToPayouts } from '../components/back-to-payouts';
import { NewPayoutFlow } from '../components/new-payout-flow';

/** /payouts/new: a payout from the merchant's wallets, once their KYC is done. */
export function Component() {
  return (
    <div className="mx-auto max-w-2xl">
      <BackToPayouts />
      <PageHeader
        title="New payout"
        description="Send money from a wallet to your settlement bank account."
      />
      <RequirePermission permission="payouts.create" title="Payouts are not open to your role">
        <NewPayoutFlow />
      </RequirePermission>
    </div>
  );
}
