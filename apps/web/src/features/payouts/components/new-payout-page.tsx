import type { ComponentProps } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { BackToPayouts } from './back-to-payouts';
import { NewPayoutFlow } from './new-payout-flow';

/** /payouts/new: the page around the flow (the app composes in the merchant's status and wallets). */
export function NewPayoutPage(props: ComponentProps<typeof NewPayoutFlow>) {
  return (
    <div className="mx-auto max-w-2xl">
      <BackToPayouts />
      <PageHeader
        title="New payout"
        description="Send money from a wallet to your settlement bank account."
      />
      <NewPayoutFlow {...props} />
    </div>
  );
}
