import { NewPayoutPage } from '@/features/payouts/components/new-payout-page';
import { useUser } from '@/lib/api/user';
import { useWallets } from '@/lib/api/wallets';

/** /payouts/new: a payout (payouts) from the merchant's wallets, once their KYC is done (users). */
export function Component() {
  const user = useUser();
  const wallets = useWallets();
  return <NewPayoutPage user={user} wallets={wallets} />;
}
