import { formatDateTime, type Notification } from '@bizdash/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bell, BellOff } from 'lucide-react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../api/notifications';

const itemClasses =
  'flex cursor-default gap-3 rounded-md px-2.5 py-2 text-left text-sm outline-none data-[highlighted]:bg-slate-100';

function NoticeItem({ notice, onRead }: { notice: Notification; onRead: (id: string) => void }) {
  return (
    <DropdownMenu.Item
      className={itemClasses}
      // Choosing a notice marks it read; keep the list open to read the next one.
      onSelect={(event) => {
        event.preventDefault();
        if (!notice.read) onRead(notice.id);
      }}
      data-testid="notification-item"
    >
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', notice.read ? 'bg-transparent' : 'bg-brand-700')}
      />
      <span className="min-w-0 flex-1">
        <span className={cn('block text-slate-900', !notice.read && 'font-semibold')}>
          {notice.title}
          {notice.read ? null : <span className="sr-only"> (unread)</span>}
        </span>
        <span className="block text-slate-600">{notice.body}</span>
        <time className="mt-0.5 block text-xs text-slate-500" dateTime={notice.createdAt}>
          {formatDateTime(notice.createdAt)}
        </time>
      </span>
    </DropdownMenu.Item>
  );
}

/** The top bar's bell: the unread count, and a list of the newest notices to read and mark read. */
export function NotificationBell({ userId }: { userId: string }) {
  const notifications = useNotifications(userId);
  const markRead = useMarkNotificationRead(userId);
  const markAllRead = useMarkAllNotificationsRead(userId);
  const unread = notifications.data?.unreadCount ?? 0;
  const items = notifications.data?.items ?? [];
  const countLabel = unread > 99 ? '99+' : String(unread);

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        className="relative flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 data-[state=open]:bg-slate-100"
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[0.65rem] font-semibold leading-none text-white"
          >
            {countLabel}
          </span>
        ) : null}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-[60] flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-xl bg-white text-slate-900 shadow-xl ring-1 ring-slate-900/10"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
            <DropdownMenu.Label className="text-sm font-semibold">Notifications</DropdownMenu.Label>
            {unread > 0 ? (
              <DropdownMenu.Item
                className="cursor-default rounded-md px-2 py-1 text-sm font-medium text-brand-700 outline-none data-[highlighted]:bg-slate-100"
                onSelect={(event) => {
                  event.preventDefault();
                  markAllRead.mutate(undefined);
                }}
              >
                Mark all as read
              </DropdownMenu.Item>
            ) : null}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-1.5">
            {notifications.isPending ? (
              <div className="flex justify-center py-8">
                <Spinner className="size-6 text-brand-700" label="Loading notifications" />
              </div>
            ) : notifications.isError ? (
              <div className="px-2.5 py-6 text-center text-sm text-slate-600">
                <p>{notifications.error.message}</p>
                <DropdownMenu.Item
                  className="mx-auto mt-2 w-fit cursor-default rounded-md px-3 py-1.5 font-medium text-brand-700 outline-none data-[highlighted]:bg-slate-100"
                  onSelect={(event) => {
                    event.preventDefault();
                    void notifications.refetch();
                  }}
                >
                  Retry
                </DropdownMenu.Item>
              </div>
            ) : items.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-slate-600">
                <BellOff className="size-6 text-slate-400" aria-hidden="true" />
                <p className="font-medium text-slate-900">No notifications yet</p>
                <p>Payments, account updates and security alerts you switch on appear here.</p>
              </div>
            ) : (
              items.map((notice) => <NoticeItem key={notice.id} notice={notice} onRead={markRead.mutate} />)
            )}
          </div>
          <div className="border-t border-slate-100 p-1.5">
            <DropdownMenu.Item
              asChild
              className={cn(itemClasses, 'justify-center font-medium text-brand-700')}
            >
              <Link to="/settings/notifications">Notification settings</Link>
            </DropdownMenu.Item>
          </div>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
