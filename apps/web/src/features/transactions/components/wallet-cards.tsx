import { Wallet as WalletIcon } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryErrorState } from '@/components/ui/error-state';
import { useWallets } from '@/lib/api/wallets';
import { WalletBalanceCard, WalletCardSkeleton } from './wallet-balance-card';

/** The merchant's wallets as balance cards, with their loading, error and empty states. */
export function WalletCards({
  headingLevel,
  showDetails = false,
}: {
  headingLevel?: 'h2' | 'h3';
  showDetails?: boolean;
}) {
  const wallets = useWallets();
  if (wallets.isError && !wallets.data) {
    return <QueryErrorState query={wallets} headingLevel={headingLevel} />;
  }
  if (wallets.data?.length === 0) {
    return (
      <EmptyState
        icon={WalletIcon}
        title="No accounts yet"
        description="Your Naira and Dollar wallets will appear here with their balances and recent activity."
        headingLevel={headingLevel}
      />
    );
  }
  return (
    <div
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-6"
      aria-busy={wallets.isPending || undefined}
    >
      {wallets.data
        ? wallets.data.map((wallet) => (
            <WalletBalanceCard
              key={wallet.walletId}
              wallet={wallet}
              headingLevel={headingLevel}
              showDetails={showDetails}
            />
          ))
        : ['first', 'second'].map((key) => <WalletCardSkeleton key={key} showDetails={showDetails} />)}
    </div>
  );
}
