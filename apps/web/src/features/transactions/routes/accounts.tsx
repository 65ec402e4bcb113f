import { PageHeader } from '@/components/ui/page-header';
import { WalletCards } from '../components/wallet-cards';
import { useLiveUpdates } from '../use-live-updates';

export function Component() {
  useLiveUpdates();
  return (
    <>
      <PageHeader
        title="Accounts"
        description="Your NGN and USD wallets: what you can spend now and what is on its way."
      />
      <WalletCards headingLevel="h2" showDetails />
    </>
  );
}
