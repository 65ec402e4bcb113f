import { NewPayoutPage } from '@/features/payouts/components/new-payout-page';
import { useWallets } from '@/features/transactions/api/get-wallets';
import { useUser } from '@/features/users/api/get-user';

/** /payouts/new: a payout (payouts) from the merchant's wallets (transactions), once their KYC is done (users). */
export function Component() {
  const user = useUser();
  const wallets = useWallets();
  return <NewPayoutPage user={user} wallets={wallets} />;
}
