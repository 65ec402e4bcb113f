import { PageHeader } from '@/components/ui/page-header';
import { WalletCards } from '../components/wallet-cards';

export function Component() {
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
