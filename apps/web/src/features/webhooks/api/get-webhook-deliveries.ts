import {
  type WebhookDelivery,
  type WebhookDeliveryPage,
  WebhookDeliveryPageSchema,
  type WebhookDeliveryStatus,
} from '@bizdash/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { deliveriesQueryKey } from './keys';

const DELIVERIES_FETCH_ERROR = 'Unable to fetch webhook deliveries';
export const DELIVERIES_PAGE_SIZE = 10;
/** A delivery about to be attempted settles within seconds: the log asks again this often meanwhile. */
const DUE_POLL_MS = 2_000;
const DUE_WITHIN_MS = 20_000;
/** Events arrive without a notice of their own (a payment queues its webhook after the fact): the open log looks again this often. */
const IDLE_POLL_MS = 10_000;

/** Which deliveries the log shows: all of them, or those of one status. */
export type DeliveryFilter = WebhookDeliveryStatus | 'all';

function getWebhookDeliveries(
  userId: string,
  page: number,
  filter: DeliveryFilter,
  signal?: AbortSignal,
): Promise<WebhookDeliveryPage> {
  return apiRequest(`/users/${encodeURIComponent(userId)}/webhook-deliveries`, {
    query: { page, size: DELIVERIES_PAGE_SIZE, ...(filter === 'all' ? {} : { status: filter }) },
    schema: WebhookDeliveryPageSchema,
    defaultError: DELIVERIES_FETCH_ERROR,
    signal,
  });
}

/** Pending and due now (or within seconds): its outcome is worth waiting for; a retry hours away is not. */
const dueSoon = (delivery: WebhookDelivery, now: number) =>
  delivery.status === 'pending' &&
  (delivery.nextAttemptAt === null || Date.parse(delivery.nextAttemptAt) - now < DUE_WITHIN_MS);

/**
 * One page of the delivery log (of one status, or all), newest first: followed every 2 s while a delivery on it is about to go out, else
 * every 10 s while the page is visible.
 */
export function useWebhookDeliveries(userId: string, page: number, filter: DeliveryFilter = 'all') {
  return useQuery({
    queryKey: [...deliveriesQueryKey(userId), { page, filter }] as const,
    queryFn: ({ signal }) => getWebhookDeliveries(userId, page, filter, signal),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
    refetchInterval: (query) =>
      query.state.data?.items.some((delivery) => dueSoon(delivery, Date.now())) ? DUE_POLL_MS : IDLE_POLL_MS,
  });
}
