import { OtpRequestQuerySchema } from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { useMailbox } from '../api/get-mailbox';
import { MailboxList } from '../components/mailbox-list';
import { forgetMailboxKey, mailboxKeyFrom } from '../mailbox-key';

const KEY_NEEDED =
  "The mailbox holds sign-in codes and customers' receipts, so it opens only with the operator key. Open the mailbox link the server printed when it started: it carries the key.";

const NOT_AVAILABLE =
  'The sandbox mailbox is not available on this server: it exists only while the sandbox email provider is active.';

export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const email = searchParams.get('email') ?? '';
  const location = useLocation();
  const navigate = useNavigate();
  const [key, setKey] = useState(() => mailboxKeyFrom(location.hash));
  const [refusal, setRefusal] = useState<string | null>(null);

  // A link followed while the page is open changes only the fragment. Either way the key is kept and the
  // address bar (and what gets copied from it) no longer shows it.
  useEffect(() => {
    if (!location.hash) return;
    const fromLink = mailboxKeyFrom(location.hash);
    if (fromLink) {
      setKey(fromLink);
      setRefusal(null);
    }
    void navigate({ search: location.search }, { replace: true });
  }, [location.hash, location.search, navigate]);

  const form = useForm({
    resolver: zodResolver(OtpRequestQuerySchema),
    defaultValues: { email },
    mode: 'onTouched',
  });

  return (
    <AuthLayout
      width="lg"
      title="Sandbox mailbox"
      description="Emails the sandbox email provider has sent, newest first. Use it to read verification codes on a machine without a real mail server."
    >
      {key ? null : (
        <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950">
          {refusal ?? KEY_NEEDED}
        </p>
      )}
      <form
        hidden={!key}
        noValidate
        aria-label="Open mailbox"
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={form.handleSubmit((values) => setSearchParams({ email: values.email }))}
      >
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          placeholder="you@business.com"
          containerClassName="flex-1"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" size="lg" className="sm:mt-[26px]">
          Show emails
        </Button>
      </form>
      {email && key ? (
        <MailboxResults
          email={email}
          mailboxKey={key}
          onKeyRefused={(message) => {
            forgetMailboxKey();
            setRefusal(message);
            setKey(null);
          }}
        />
      ) : null}
    </AuthLayout>
  );
}

interface MailboxResultsProps {
  email: string;
  mailboxKey: string;
  onKeyRefused: (message: string) => void;
}

function MailboxResults({ email, mailboxKey, onKeyRefused }: MailboxResultsProps) {
  const mailbox = useMailbox(email, mailboxKey);
  const refused = mailbox.error instanceof ApiError && mailbox.error.status === 401 ? mailbox.error : null;
  useEffect(() => {
    if (refused) onKeyRefused(refused.message);
  }, [refused, onKeyRefused]);

  if (mailbox.isPending) {
    return (
      <div className="mt-8 flex justify-center">
        <Spinner className="size-8 text-brand-900" label="Loading emails" />
      </div>
    );
  }
  if (mailbox.isError) {
    const notAvailable = mailbox.error instanceof ApiError && mailbox.error.status === 404;
    return (
      <p role="alert" className="mt-8 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
        {notAvailable ? NOT_AVAILABLE : mailbox.error.message}
      </p>
    );
  }

  return (
    <div className="mt-8">
      <MailboxList
        messages={mailbox.data.messages}
        label={`Emails sent to ${email}`}
        owner={<strong>{email}</strong>}
        emptyDescription="Emails sent to this address, such as verification codes, will appear here."
        onRefresh={() => mailbox.refetch()}
        refreshing={mailbox.isFetching}
      />
    </div>
  );
}
