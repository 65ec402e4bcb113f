import { SettlementAccounts } from '@/features/banks/components/settlement-accounts';
import { useUser } from '@/features/users/api/get-user';
import { useUserId } from '@/lib/credentials';

/** /settings/settlement-account: the settlement accounts (banks) of the signed-in user, whose wallets (users) they settle. */
export function Component() {
  const userId = useUserId();
  const { data: user } = useUser();
  const ngnWallet = user?.wallets.find((wallet) => wallet.currency === 'NGN');
  return <SettlementAccounts userId={userId} ngnWalletId={ngnWallet?.walletId ?? null} />;
}
