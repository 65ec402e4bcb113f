import {
  type NotificationSettings,
  NotificationSettingsSchema,
  type NotificationType,
} from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { PermissionGate } from '@/components/ui/permission-gate';
import { SectionCard } from '@/components/ui/section-card';
import { cn } from '@/lib/cn';
import { useSaveNotificationSettings } from '../api/notification-settings';

const TYPE_LABELS: Record<NotificationType, { label: string; hint: string }> = {
  accountUpdates: { label: 'Account updates', hint: 'Identity verification and business documents' },
  incomingPayments: { label: 'Incoming payments', hint: 'A customer paid you' },
  outgoingTransfer: { label: 'Outgoing transfers', hint: 'Money you sent out' },
  refunds: { label: 'Refunds', hint: "A refund reached the customer's card, or failed" },
  disputes: {
    label: 'Disputes',
    hint: 'A customer disputed a payment, its answer is due soon, or it was decided',
  },
  securityAlerts: { label: 'Security alerts', hint: 'Password, two-factor sign-in and new sign-ins' },
};

interface SwitchRowProps {
  label: string;
  hint: string;
  field: UseFormRegisterReturn;
  disabled?: boolean;
}

/** A checkbox drawn as a switch: Space toggles it, and its label names it. */
function SwitchRow({ label, hint, field, disabled = false }: SwitchRowProps) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center justify-between gap-4 py-3',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <span>
        <span className="block text-sm font-medium text-slate-900">{label}</span>
        <span className="block text-sm text-slate-600">{hint}</span>
      </span>
      <input type="checkbox" disabled={disabled} className="peer sr-only" {...field} />
      <span
        aria-hidden="true"
        className="relative inline-flex h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors peer-checked:bg-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow-sm after:transition-transform peer-checked:after:translate-x-5"
      />
    </label>
  );
}

interface NotificationSettingsFormProps {
  userId: string;
  saved: NotificationSettings;
}

export function NotificationSettingsForm({ userId, saved }: NotificationSettingsFormProps) {
  const save = useSaveNotificationSettings(userId);
  const { register, handleSubmit, reset, control, formState } = useForm<NotificationSettings>({
    resolver: zodResolver(NotificationSettingsSchema),
    values: saved,
  });
  const inApp = useWatch({ control, name: 'inApp' });

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={handleSubmit((settings) => save.mutate(settings, { onSuccess: (next) => reset(next) }))}
    >
      <SectionCard title="In-app notifications" description="Notices in the bell at the top of every page.">
        <div className="divide-y divide-slate-100">
          <SwitchRow
            label="In-app notifications"
            hint="Turn every in-app notice on or off"
            field={register('inApp')}
          />
          {(Object.keys(TYPE_LABELS) as NotificationType[]).map((type) => (
            <SwitchRow key={type} {...TYPE_LABELS[type]} field={register(type)} disabled={!inApp} />
          ))}
        </div>
      </SectionCard>
      <SectionCard
        title="Email notifications"
        description="The same notices, sent to your email address too."
      >
        <SwitchRow
          label="Email notifications"
          hint="Every notice switched on above also comes by email"
          field={register('email')}
          disabled={!inApp}
        />
      </SectionCard>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="secondary"
          disabled={save.isPending || !formState.isDirty}
          onClick={() => reset(saved)}
        >
          Cancel
        </Button>
        <PermissionGate permission="settings.manage">
          {(allowed) => (
            <Button type="submit" pending={save.isPending} disabled={!allowed}>
              Save changes
            </Button>
          )}
        </PermissionGate>
      </div>
    </form>
  );
}
