import { type ApiKeyDetails, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@bizdash/shared';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { useTestEvent } from '../use-webhook-card';

/** A sample event of any type, delivered to the saved URL like a real one; it shows up in the log below. */
export function TestEventForm({ userId, details }: { userId: string; details: ApiKeyDetails }) {
  const id = useId();
  const { type, setType, blocked, pending, onSubmit } = useTestEvent(userId, details);
  return (
    <form aria-label="Send test event" className="flex flex-col gap-1.5" onSubmit={onSubmit}>
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
          pending={pending}
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
