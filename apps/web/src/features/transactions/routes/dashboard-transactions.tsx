import { Clock, Receipt } from 'lucide-react';
import { RecentTransactions } from '../components/recent-transactions';
import { useRecentView } from '../tabs';

/** The newest ten transactions, or the pending ones, with a way to the full list. */
export function Component() {
  const view = useRecentView();
  return view === 'pending' ? (
    <RecentTransactions
      view="pending"
      viewAll={{ to: '/transactions/pending', label: 'View all pending transactions' }}
      empty={{
        icon: Clock,
        title: 'No pending transactions',
        description: 'Transactions that are waiting to be confirmed will appear here.',
      }}
    />
  ) : (
    <RecentTransactions
      view="recents"
      viewAll={{ to: '/transactions/all', label: 'View all transactions' }}
      empty={{
        icon: Receipt,
        title: 'No transactions yet',
        description: 'Payments you receive and transfers you make will appear here as they happen.',
      }}
    />
  );
}
