import { PageHeader } from '@/components/ui/page-header';
import { usePayouts } from '../api/get-payouts';
import { NewPayoutLink, PayoutsList } from '../components/payouts-list';

/** /payouts: what the merchant sent to their bank accounts, and 'New payout'. */
export function Component() {
  // The empty state carries its own 'New payout'; one on the page is enough.
  const empty = usePayouts().data?.length === 0;
  return (
    <>
      <PageHeader
        title="Payouts"
        description="Money sent from your wallets to your settlement bank accounts."
        actions={empty ? null : <NewPayoutLink />}
      />
      <PayoutsList />
    </>
  );
}
