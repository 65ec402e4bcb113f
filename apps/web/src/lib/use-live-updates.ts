import {
  CACHE_TIMINGS_MS,
  LIVE_NOTICE_EVENT,
  LIVE_READY_EVENT,
  type LiveNoticeKind,
  LiveNoticeSchema,
  type SseEvent,
} from '@bizdash/shared';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '@/lib/api-error';
import { readEventStream } from '@/lib/event-stream';
import { queryKeys, transactionSearchKey } from '@/lib/query-keys';

const {
  wallets,
  transactions,
  products,
  users,
  notifications,
  banks,
  payouts,
  refunds,
  customers,
  disputes,
} = queryKeys;

/** What each notice makes stale. */
const KEYS_BY_KIND: Record<LiveNoticeKind, QueryKey[]> = {
  wallet: [wallets],
  // A refund's DEBIT settling or coming back is a transaction change: the payment's refunds refetch too.
  // A new payment or refund changes what its customer spent and got back.
  transaction: [transactions, wallets, refunds, customers],
  product: [products],
  // The merchant's status (KYC): the top bar and the documents screen read it from the user.
  user: [users],
  // The bell's list and unread count (features/notifications).
  notification: [notifications],
  // Settlement accounts, also listed in the user's banks.
  bank: [banks, users],
  // Payouts (features/payouts): confirmed, sent, settled or returned.
  payout: [payouts],
  // Disputes (features/disputes): opened, answered or decided; the hold and its return are transactions too.
  dispute: [disputes, transactions, wallets],
};
const EVERY_KEY: QueryKey[] = [
  wallets,
  transactions,
  products,
  users,
  notifications,
  banks,
  payouts,
  refunds,
  customers,
  disputes,
];
/** What polling refreshes while the stream is down: balances, transaction lists, the merchant's status, payouts. */
const POLLED_KEYS: QueryKey[] = [wallets, transactionSearchKey, users, payouts];

const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

function noticeKind(event: SseEvent): LiveNoticeKind | null {
  if (event.event !== LIVE_NOTICE_EVENT) return null;
  try {
    const notice = LiveNoticeSchema.safeParse(JSON.parse(event.data));
    return notice.success ? notice.data.kind : null;
  } catch {
    return null;
  }
}

/**
 * The signed-in shell holds one live stream (app layout): the API pushes a notice whenever the merchant's wallets,
 * transactions, products, status or notifications change, and the matching queries refetch, on whatever page is
 * open. A lost stream reconnects with backoff (and refetches everything once back, since notices in between were
 * missed); while it cannot be opened, balances, lists and the status are polled every `pollIntervalMs`. A hidden
 * tab holds no stream and makes no requests.
 */
export function useLiveUpdates(pollIntervalMs: number = CACHE_TIMINGS_MS.liveRefresh) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let closed = false;
    let connection: AbortController | null = null;
    let retryTimer: number | undefined;
    let pollTimer: number | undefined;
    let failures = 0;
    // The screen fetched on mount; only a later (re)connection has anything to catch up on.
    let catchUpOnReady = false;

    const invalidate = (keys: QueryKey[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    const startPolling = () => {
      pollTimer ??= window.setInterval(() => invalidate(POLLED_KEYS), pollIntervalMs);
    };
    const stopPolling = () => {
      window.clearInterval(pollTimer);
      pollTimer = undefined;
    };

    const onEvent = (event: SseEvent) => {
      if (event.event === LIVE_READY_EVENT) {
        failures = 0;
        stopPolling();
        if (catchUpOnReady) invalidate(EVERY_KEY);
        return;
      }
      const kind = noticeKind(event);
      if (kind) invalidate(KEYS_BY_KIND[kind]);
    };

    const scheduleReconnect = () => {
      // Jitter spreads the dashboards of a restarted server over the delay instead of all at once.
      const delay =
        Math.min(RECONNECT_FIRST_MS * 2 ** failures, RECONNECT_MAX_MS) * (0.5 + Math.random() / 2);
      failures += 1;
      retryTimer = window.setTimeout(connect, delay);
    };

    async function connect() {
      if (closed || connection || document.visibilityState !== 'visible') return;
      const abort = new AbortController();
      connection = abort;
      try {
        await readEventStream('/events/stream', { signal: abort.signal, onEvent });
      } catch (error) {
        // A 401/403 has signed the user out already; nothing to reconnect for.
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) closed = true;
      } finally {
        if (connection === abort) connection = null;
      }
      if (closed || abort.signal.aborted) return;
      catchUpOnReady = true;
      startPolling();
      scheduleReconnect();
    }

    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') {
        catchUpOnReady = true;
        void connect();
        return;
      }
      window.clearTimeout(retryTimer);
      stopPolling();
      connection?.abort();
      connection = null;
    };

    void connect();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      closed = true;
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.clearTimeout(retryTimer);
      stopPolling();
      connection?.abort();
    };
  }, [queryClient, pollIntervalMs]);
}
