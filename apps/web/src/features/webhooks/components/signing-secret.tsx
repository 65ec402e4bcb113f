import { type ApiKeyDetails, formatDateTime } from '@bizdash/shared';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SecretField } from '@/components/ui/secret-field';
import { useSecretRoll } from '../use-webhook-card';

/** The signing secret: masked, copied, and rolled with an overlap during which both secrets sign. */
export function SigningSecret({ userId, details }: { userId: string; details: ApiKeyDetails }) {
  const { confirming, setConfirming, roll, pending } = useSecretRoll(userId);
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
        onConfirm={roll}
        pending={pending}
      />
    </div>
  );
}
