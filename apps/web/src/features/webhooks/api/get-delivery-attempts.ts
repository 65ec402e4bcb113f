import {
  type WebhookDelivery,
  type WebhookDeliveryAttempts,
  WebhookDeliveryAttemptsSchema,
} from '@bizdash/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { deliveriesQueryKey } from './keys';

const ATTEMPTS_FETCH_ERROR = 'Unable to fetch delivery attempts';

/**
 * Every attempt of one delivery, newest first, fetched when its history is opened (null: closed). Keyed by the
 * log's count of attempts: when the log (which follows pending deliveries) sees one more, the history follows.
 */
export function useDeliveryAttempts(userId: string, delivery: WebhookDelivery | null) {
  return useQuery({
    queryKey: [...deliveriesQueryKey(userId), 'attempts', delivery?.id, delivery?.attempts] as const,
    queryFn: ({ signal }): Promise<WebhookDeliveryAttempts> =>
      apiRequest(
        `/users/${encodeURIComponent(userId)}/webhook-deliveries/${encodeURIComponent(delivery?.id ?? '')}/attempts`,
        { schema: WebhookDeliveryAttemptsSchema, defaultError: ATTEMPTS_FETCH_ERROR, signal },
      ),
    enabled: delivery !== null,
    meta: { errorToast: false },
  });
}
