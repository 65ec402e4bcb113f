import { type ApiKeyDetails, formatDateTime } from '@bizdash/shared';
import { KeyRound, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DescriptionList } from '@/components/ui/description-list';
import { SecretField } from '@/components/ui/secret-field';
import { SectionCard } from '@/components/ui/section-card';
import { useUpdateApiDetails } from '@/lib/api/api-details';

const GENERATE = 'Generate new key';
const DELETE = 'Delete key';

interface ApiKeyCardProps {
  userId: string;
  details: ApiKeyDetails;
  onChange?: (() => void) | undefined;
}

const overlapEnd = (hours: number) => formatDateTime(Date.now() + hours * 3_600_000);

/** The API key: shown masked, copied, rolled with an overlap (the old key keeps working a while) or deleted. */
export function ApiKeyCard({ userId, details, onChange }: ApiKeyCardProps) {
  const [confirming, setConfirming] = useState<'generate' | 'delete' | null>(null);
  const update = useUpdateApiDetails(userId, () => {
    setConfirming(null);
    onChange?.();
  });
  const key = details.apiKey;
  const hours = details.keyRollOverlapHours;
  const generate = () => update.mutate({ generateNewKey: true });

  return (
    <SectionCard
      title="API key"
      description={
        <>
          Your server sends it as{' '}
          <code className="font-mono text-[13px]">Authorization: Bearer &lt;key&gt;</code>. Keep it secret: it
          can do anything your account can do through the API.
        </>
      }
      actions={
        key ? (
          <>
            <Button
              variant="secondary"
              icon={<RefreshCw className="size-4" aria-hidden="true" />}
              onClick={() => setConfirming('generate')}
            >
              {GENERATE}
            </Button>
            <Button
              variant="ghost"
              className="text-red-700 hover:bg-red-50"
              icon={<Trash2 className="size-4" aria-hidden="true" />}
              onClick={() => setConfirming('delete')}
            >
              {DELETE}
            </Button>
          </>
        ) : null
      }
    >
      {key ? (
        <div className="flex flex-col gap-5">
          <SecretField label="API key" value={key} />
          <DescriptionList
            twoColumnsOnPhones
            items={[
              { label: 'Created', value: formatDateTime(details.createdAt), testId: 'api-key-created' },
              {
                label: 'Last used',
                value: details.lastUsedAt ? formatDateTime(details.lastUsedAt) : 'Never',
                testId: 'api-key-last-used',
              },
            ]}
          />
          {details.previousKeyExpiresAt ? (
            <p
              className="rounded-lg bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900 ring-1 ring-amber-600/20 ring-inset"
              data-testid="previous-key-overlap"
            >
              Your previous key keeps working until {formatDateTime(details.previousKeyExpiresAt)}. Move your
              servers to the new key before then.
            </p>
          ) : null}
        </div>
      ) : (
        <div className="flex flex-col items-center px-2 py-6 text-center">
          <div className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <KeyRound className="size-6" aria-hidden="true" />
          </div>
          <h3 className="mt-4 text-base font-semibold text-slate-900">No API key yet</h3>
          <p className="mt-1.5 max-w-md text-sm text-slate-600">
            Generate a key to take payments, read transactions and pay out from your own server.
          </p>
          <Button className="mt-5" pending={update.isPending} onClick={generate}>
            {GENERATE}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming === 'generate'}
        onOpenChange={(open) => setConfirming(open ? 'generate' : null)}
        title="Generate a new API key?"
        description={`Your current key keeps working for ${hours} hours, until ${overlapEnd(hours)}, so you can move your servers to the new key without downtime. After that only the new key works.`}
        confirmLabel={GENERATE}
        onConfirm={generate}
        pending={update.isPending}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(open) => setConfirming(open ? 'delete' : null)}
        title="Delete API key?"
        description="Every key of this account stops working at once, a previous key still in its overlap too: requests made with them are refused (401). This cannot be undone."
        confirmLabel={DELETE}
        onConfirm={() => update.mutate({ deleteKey: true })}
        pending={update.isPending}
        destructive
      />
    </SectionCard>
  );
}
