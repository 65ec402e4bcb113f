import { QueryErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { useMyMailbox } from '../api/get-my-mailbox';
import { MailboxList } from '../components/mailbox-list';

const NOT_IN_TEST_MODE =
  'This server sends real emails, so there are no test emails to read here: look in your inbox.';

/** The signed-in merchant's own test mail (ADR 013), opened from the Test mode band: no operator key needed. */
export function Component() {
  const mailbox = useMyMailbox();
  return (
    <>
      <PageHeader
        title="Test emails"
        description="In test mode no email leaves the server. These are the ones sent about your account and your apps: codes, password links and your customers' receipts."
      />
      {mailbox.isPending ? (
        <div className="mt-8 flex justify-center">
          <Spinner className="size-8 text-brand-900" label="Loading emails" />
        </div>
      ) : mailbox.isError && mailbox.error instanceof ApiError && mailbox.error.status === 404 ? (
        <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950">
          {NOT_IN_TEST_MODE}
        </p>
      ) : mailbox.isError ? (
        <QueryErrorState query={mailbox} />
      ) : (
        <MailboxList
          messages={mailbox.data.messages}
          label="Your test emails"
          owner="your account and your apps"
          emptyDescription="Verification codes, password links and your customers' receipts will appear here."
          onRefresh={() => mailbox.refetch()}
          refreshing={mailbox.isFetching}
        />
      )}
    </>
  );
}
