import type { SandboxEmail } from '@bizdash/shared';
import { Inbox, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { MailboxMessage } from './mailbox-message';

interface MailboxListProps {
  messages: SandboxEmail[];
  /** Names the list for screen readers. */
  label: string;
  /** Whose emails these are, after the count ("3 emails for ..."). */
  owner: ReactNode;
  emptyDescription: string;
  onRefresh: () => void;
  refreshing: boolean;
}

/** Emails newest first, with their count and a refresh; the operator's and the merchant's mailbox both show them so. */
export function MailboxList({
  messages,
  label,
  owner,
  emptyDescription,
  onRefresh,
  refreshing,
}: MailboxListProps) {
  return (
    <section aria-label={label}>
      <div className="mb-4 flex items-center justify-between gap-3">
        <p className="min-w-0 text-sm text-slate-700 [overflow-wrap:anywhere]">
          {messages.length === 1 ? '1 email' : `${messages.length} emails`} for {owner}
        </p>
        <Button
          variant="secondary"
          size="sm"
          icon={<RefreshCw className="size-4" aria-hidden="true" />}
          onClick={onRefresh}
          disabled={refreshing}
        >
          Refresh
        </Button>
      </div>
      {messages.length === 0 ? (
        <EmptyState icon={Inbox} title="No emails yet" description={emptyDescription} />
      ) : (
        <ul className="flex flex-col gap-4">
          {messages.map((message) => (
            <li key={message.id}>
              <MailboxMessage message={message} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
