import type { ApiKeyDetails } from '@bizdash/shared';
import { TriangleAlert } from 'lucide-react';
import { SectionCard } from '@/components/ui/section-card';
import { SigningSecret } from './signing-secret';
import { TestEventForm } from './test-event-form';
import { WebhookUrlForm } from './webhook-url-form';

interface WebhookCardProps {
  userId: string;
  details: ApiKeyDetails;
  onChange?: (() => void) | undefined;
}

/** The webhook endpoint: its URL, why it is off (if it is), its signing secret and a test event. */
export function WebhookCard({ userId, details, onChange }: WebhookCardProps) {
  const disabledReason = details.webhookDisabledReason;
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
          <TestEventForm userId={userId} details={details} />
        </div>
      </div>
    </SectionCard>
  );
}
