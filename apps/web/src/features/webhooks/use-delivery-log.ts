import { useState } from 'react';
import { useFitsWidth } from '@/lib/use-fits-width';
import { type DeliveryFilter, useWebhookDeliveries } from './api/get-webhook-deliveries';

/** Below this width each delivery is a card: event, time, attempts, status, response and Resend need ~720 px. */
const TABLE_MIN_WIDTH = 720;

/**
 * The delivery log's state: which status it shows and which page, the page's deliveries (followed while one is
 * about to go out), and whether the table fits the room the log has or each delivery is a card.
 */
export function useDeliveryLog(userId: string) {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<DeliveryFilter>('all');
  const { ref, wide } = useFitsWidth(TABLE_MIN_WIDTH);
  const query = useWebhookDeliveries(userId, page, filter);
  // Another status's deliveries start from their first page.
  const chooseFilter = (next: DeliveryFilter) => {
    setFilter(next);
    setPage(1);
  };
  return { query, page, setPage, filter, chooseFilter, ref, wide };
}
