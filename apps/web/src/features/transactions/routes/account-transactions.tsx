import { Clock, Receipt } from 'lucide-react';
import { useParams } from 'react-router';
import { RecentTransactions } from '../components/recent-transactions';
import { useRecentView } from '../tabs';

/** One wallet's transactions, newest first, or its pending ones; paged in the URL. */
export function Component() {
  const walletId = useParams().accountId ?? '';
  const view = useRecentView();
  return view === 'pending' ? (
    <RecentTransactions
      key="pending"
      view="pending"
      walletId={walletId}
      empty={{
        icon: Clock,
        title: 'No pending transactions',
        description: 'Transactions on this account that are waiting to be confirmed will appear here.',
      }}
    />
  ) : (
    <RecentTransactions
      key="recents"
      view="recents"
      walletId={walletId}
      empty={{
        icon: Receipt,
        title: 'No transactions yet',
        description: 'Money in and out of this account will appear here, newest first.',
      }}
    />
  );
}
