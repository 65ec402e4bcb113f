import {
  type ApiKeyDetails,
  UpdateApiDetailsRequestSchema,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '@bizdash/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useUpdateApiDetails } from '@/lib/api/api-details';
import { ApiError } from '@/lib/api-error';
import { useRollSecret, useSendTestEvent } from './api/webhook-actions';

/*
 * The webhook card's state, a hook for each of its parts: the URL form, the signing secret's roll and the test
 * event.
 */

/** URL form: react-hook-form with the API's own schema, so 'Invalid webhook URL' is the server's message too. */
export function useWebhookUrlForm(userId: string, details: ApiKeyDetails, onChange?: () => void) {
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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
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
  };
  return {
    saved,
    field: register('webhookUrl'),
    error: errors.webhookUrl?.message,
    isDirty,
    empty,
    pending: update.isPending,
    cancel: () => reset(),
    onSubmit,
  };
}

/** The signing secret's roll, asked for in a dialog that closes once the new secret is stored. */
export function useSecretRoll(userId: string) {
  const [confirming, setConfirming] = useState(false);
  const roll = useRollSecret(userId, () => setConfirming(false));
  return { confirming, setConfirming, roll: () => roll.mutate(), pending: roll.isPending };
}

/** A sample event of the chosen type; none while there is no URL, or the endpoint is turned off (why, in words). */
export function useTestEvent(userId: string, details: ApiKeyDetails) {
  const [type, setType] = useState<WebhookEventType>(WEBHOOK_EVENT_TYPES[0]);
  const send = useSendTestEvent(userId);
  const blocked = !details.webhookUrl
    ? 'Save a webhook URL first.'
    : details.webhookDisabledReason
      ? 'This endpoint is turned off: save its URL again first.'
      : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send.mutate(type);
  };
  return { type, setType, blocked, pending: send.isPending, onSubmit };
}
