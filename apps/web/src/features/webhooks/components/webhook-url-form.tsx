import type { ApiKeyDetails } from '@bizdash/shared';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { TextField } from '@/components/ui/form-field';
import { COPIED } from '@/components/ui/secret-field';
import { useWebhookUrlForm } from '../use-webhook-card';

interface WebhookUrlFormProps {
  userId: string;
  details: ApiKeyDetails;
  onChange?: (() => void) | undefined;
}

/** The endpoint's URL, saved (which also turns a turned-off endpoint back on) or put back as it was. */
export function WebhookUrlForm({ userId, details, onChange }: WebhookUrlFormProps) {
  const form = useWebhookUrlForm(userId, details, onChange);
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={form.onSubmit}>
      <TextField
        label="Webhook URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/webhooks/bizdash"
        error={form.error}
        hint="We POST every payment and payout event here, signed with the secret below."
        trailing={
          form.saved ? (
            <CopyButton value={form.saved} label="webhook URL" successMessage={COPIED} />
          ) : undefined
        }
        {...form.field}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" disabled={!form.isDirty || form.pending} onClick={form.cancel}>
          Cancel
        </Button>
        <Button type="submit" pending={form.pending} disabled={form.empty}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
