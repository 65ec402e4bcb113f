import { Wallet } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function Component() {
  return (
    <>
      <PageHeader title="Accounts" description="Your NGN and USD wallets." />
      <EmptyState
        icon={Wallet}
        title="No accounts yet"
        description="Your Naira and Dollar wallets will appear here with their balances and recent activity."
      />
    </>
  );
}
