import { useActingApp, useBusinessId } from '@/lib/acting-profile';
import { useBusiness } from '@/lib/api/user';
import { useWallets } from '@/lib/api/wallets';
import { SettlementAccounts } from '../components/settlement-accounts';

function MerchantSettlementAccounts() {
  const userId = useBusinessId();
  const { data: user } = useBusiness();
  const ngnWallet = user?.wallets.find((wallet) => wallet.currency === 'NGN');
  return <SettlementAccounts userId={userId} ngnWalletId={ngnWallet?.walletId ?? null} />;
}

/** An app acted for settles into its own accounts, from its own wallets (read as the app). */
function AppSettlementAccounts({ appId }: { appId: string }) {
  const { data: wallets } = useWallets();
  const ngnWallet = wallets?.find((wallet) => wallet.currency === 'NGN');
  return <SettlementAccounts userId={appId} ngnWalletId={ngnWallet?.walletId ?? null} />;
}

/**
 * /settings/settlement-account: the settlement accounts of whoever the dashboard acts for, the signed-in merchant
 * (its wallets listed in the user) or one of its apps.
 */
export function Component() {
  const acting = useActingApp();
  return acting ? <AppSettlementAccounts appId={acting.appId} /> : <MerchantSettlementAccounts />;
}
