import {
  type ApiKeyDetails,
  formatDateTime,
  UpdateApiDetailsRequestSchema,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { RefreshCw, Send, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { inputClasses, TextField } from '@/components/ui/form-field';
import { COPIED, SecretField } from '@/components/ui/secret-field';
import { SectionCard } from '@/components/ui/section-card';
import { useUpdateApiDetails } from '@/lib/api/api-details';
import { ApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useRollSecret, useSendTestEvent } from '../api/webhook-actions';

interface WebhookCardProps {
  userId: string;
  details: ApiKeyDetails;
  onChange?: (() => void) | undefined;
}

/** URL form: react-hook-form with the API's own schema, so 'Invalid webhook URL' is the server's message too. */
function WebhookUrlForm({ userId, details, onChange }: WebhookCardProps) {
  const saved = details.webhookUrl ?? '';
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(UpdateApiDetailsRequestSchema),
    values: { userId, webhookUrl: saved },
    mode: 'onSubmit',
  });
  const url = useWatch({ control, name: 'webhookUrl' }) ?? '';
  const update = useUpdateApiDetails(userId, onChange);
  const empty = url.trim() === '';

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        // SPEC: an empty webhook URL submits nothing.
        if (empty) {
          event.preventDefault();
          return;
        }
        void handleSubmit(({ webhookUrl }) =>
          update.mutate(
            { webhookUrl: webhookUrl ?? '' },
            {
              onError: (error) => {
                if (error instanceof ApiError && error.status === 400) {
                  setError('webhookUrl', { type: 'server', message: error.message }, { shouldFocus: true });
                }
              },
            },
          ),
        )(event);
      }}
    >
      <TextField
        label="Webhook URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/webhooks/bizdash"
        error={errors.webhookUrl?.message}
        hint="We POST every payment and payout event here, signed with the secret below."
        trailing={
          saved ? <CopyButton value={saved} label="webhook URL" successMessage={COPIED} /> : undefined
        }
        {...register('webhookUrl')}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" disabled={!isDirty || update.isPending} onClick={() => reset()}>
          Cancel
        </Button>
        <Button type="submit" pending={update.isPending} disabled={empty}>
          Save changes
        </Button>
      </div>
    </form>
  );
}

/** A sample event of any type, delivered to the saved URL like a real one; it shows up in the log below. */
function TestEventForm({ userId, blocked }: { userId: string; blocked: string | null }) {
  const id = useId();
  const [type, setType] = useState<WebhookEventType>(WEBHOOK_EVENT_TYPES[0]);
  const send = useSendTestEvent(userId);
  return (
    <form
      aria-label="Send test event"
      className="flex flex-col gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate(type);
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Test event
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <select
          id={id}
          value={type}
          onChange={(event) => setType(event.target.value as WebhookEventType)}
          disabled={Boolean(blocked)}
          aria-describedby={blocked ? `${id}-hint` : undefined}
          className={cn(inputClasses(false), 'font-mono text-sm sm:max-w-xs')}
        >
          {WEBHOOK_EVENT_TYPES.map((eventType) => (
            <option key={eventType} value={eventType}>
              {eventType}
            </option>
          ))}
        </select>
        <Button
          type="submit"
          variant="secondary"
          icon={<Send className="size-4" aria-hidden="true" />}
          pending={send.isPending}
          disabled={Boolean(blocked)}
        >
          Send test event
        </Button>
      </div>
      {blocked ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {blocked}
        </p>
      ) : null}
    </form>
  );
}

/** The signing secret: masked, copied, and rolled with an overlap during which both secrets sign. */
function SigningSecret({ userId, details }: { userId: string; details: ApiKeyDetails }) {
  const [confirming, setConfirming] = useState(false);
  const roll = useRollSecret(userId, () => setConfirming(false));
  if (!details.webhookSecret) return null;
  return (
    <div className="flex flex-col gap-3">
      <SecretField
        label="Signing secret"
        value={details.webhookSecret}
        hint="Verify the webhook-signature header of every delivery with it (Standard Webhooks)."
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          icon={<RefreshCw className="size-4" aria-hidden="true" />}
          onClick={() => setConfirming(true)}
        >
          Roll secret
        </Button>
        {details.previousWebhookSecretExpiresAt ? (
          <p className="text-sm text-slate-600" data-testid="previous-secret-overlap">
            The previous secret also signs until {formatDateTime(details.previousWebhookSecretExpiresAt)}.
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Roll the signing secret?"
        description={`A new secret signs every delivery from now on. During the overlap (24 hours by default) the old secret signs them too, with a second signature, so your receiver keeps verifying while you move it to the new secret.${
          details.previousWebhookSecretExpiresAt
            ? ' The secret from before the last roll stops signing now: only one previous secret is kept.'
            : ''
        }`}
        confirmLabel="Roll secret"
        onConfirm={() => roll.mutate()}
        pending={roll.isPending}
      />
    </div>
  );
}

/** The webhook endpoint: its URL, why it is off (if it is), its signing secret and a test event. */
export function WebhookCard({ userId, details, onChange }: WebhookCardProps) {
  const disabledReason = details.webhookDisabledReason;
  const blocked = !details.webhookUrl
    ? 'Save a webhook URL first.'
    : disabledReason
      ? 'This endpoint is turned off: save its URL again first.'
      : null;
  return (
    <SectionCard
      title="Webhook"
      description="Bizdash tells your server when a payment or payout happens, retrying for up to three days."
    >
      <div className="flex flex-col gap-6">
        {disabledReason ? (
          <div
            role="alert"
            className="flex gap-3 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-600/20 ring-inset"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-red-700" aria-hidden="true" />
            <p>
              <span className="font-semibold">Deliveries to this endpoint are turned off.</span>{' '}
              {disabledReason} Save the URL again to turn it back on; deliveries start again from then.
            </p>
          </div>
        ) : null}
        <WebhookUrlForm userId={userId} details={details} onChange={onChange} />
        <div className="flex flex-col gap-6 border-t border-slate-100 pt-6">
          <SigningSecret userId={userId} details={details} />
          <TestEventForm userId={userId} blocked={blocked} />
        </div>
      </div>
    </SectionCard>
  );
}
