import { WebhookDeliverySchema, type WebhookEventType, WebhookSettingsSchema } from '@bizdash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { storeApiDetails } from '@/lib/api/api-details';
import { apiRequest } from '@/lib/api-client';
import { deliveriesQueryKey } from './keys';

const RESENT = 'Delivery sent again';
const RESEND_ERROR = 'Unable to resend delivery';
const TEST_SENT = 'Test event sent';
const TEST_ERROR = 'Unable to send test event';
const SECRET_ROLLED = 'Signing secret rolled';
const ROLL_ERROR = 'Unable to roll secret';

const userPath = (userId: string) => `/users/${encodeURIComponent(userId)}`;

/** After a resend or a test event the log shows the delivery (and follows it while it goes out). */
function useDeliveryMutation<TInput>(
  userId: string,
  send: (input: TInput) => Promise<unknown>,
  successMessage: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      toast.success(successMessage);
      void queryClient.invalidateQueries({ queryKey: deliveriesQueryKey(userId) });
    },
    onError: (error) => toast.error(error.message),
  });
}

/** POST /api/users/{userId}/webhook-deliveries/{deliveryId}/resend: the same webhook-id and body, now. */
export const useResendDelivery = (userId: string) =>
  useDeliveryMutation(
    userId,
    (deliveryId: string) =>
      apiRequest(`${userPath(userId)}/webhook-deliveries/${encodeURIComponent(deliveryId)}/resend`, {
        method: 'POST',
        schema: WebhookDeliverySchema,
        defaultError: RESEND_ERROR,
      }),
    RESENT,
  );

/** POST /api/users/{userId}/webhooks/test: a sample event of the type, signed and delivered like any other. */
export const useSendTestEvent = (userId: string) =>
  useDeliveryMutation(
    userId,
    (type: WebhookEventType) =>
      apiRequest(`${userPath(userId)}/webhooks/test`, {
        method: 'POST',
        body: { type },
        schema: WebhookDeliverySchema,
        defaultError: TEST_ERROR,
      }),
    TEST_SENT,
  );

/** POST /api/users/{userId}/webhooks/roll-secret: a new secret; the old one signs too until the overlap ends. */
export function useRollSecret(userId: string, onSuccess: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`${userPath(userId)}/webhooks/roll-secret`, {
        method: 'POST',
        schema: WebhookSettingsSchema,
        defaultError: ROLL_ERROR,
      }),
    onSuccess: (settings) => {
      storeApiDetails(queryClient, userId, (details) => ({
        ...details,
        webhookSecret: settings.webhookSecret,
        previousWebhookSecretExpiresAt: settings.previousSecretExpiresAt,
        webhookDisabledReason: settings.disabledReason,
      }));
      toast.success(SECRET_ROLLED);
      onSuccess();
    },
    onError: (error) => toast.error(error.message),
  });
}
