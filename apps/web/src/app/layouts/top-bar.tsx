import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { LogoMark } from '@/components/ui/logo';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { UserStatusBadge } from '@/features/users/components/user-status';
import { useBusinessId } from '@/lib/acting-profile';
import { useBusiness, useUser } from '@/lib/api/user';
import { PaletteLauncher } from '../command-palette/palette-launcher';
import { MobileMenu } from './mobile-menu';
import { ThemeMenu } from './theme-menu';

export function TopBar() {
  // The person's name and picture; the business's verification status and notices.
  const { data: user } = useUser();
  const { data: business } = useBusiness();
  const businessId = useBusinessId();
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="flex h-16 items-center gap-2 px-4 sm:gap-3 sm:px-6 lg:px-8">
        <MobileMenu />
        <Link
          to="/dashboard"
          className="flex items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-brand-700 lg:hidden"
        >
          <LogoMark className="size-7" />
          {/* The narrowest phones keep the mark only, so the Search button, status, bell and avatar fit beside it. */}
          <span className="sr-only text-lg font-bold tracking-tight text-slate-900 min-[28rem]:not-sr-only">
            Bizdash
          </span>
        </Link>
        <div className="ml-auto flex items-center gap-2 sm:gap-4">
          <PaletteLauncher />
          {business ? (
            <UserStatusBadge status={business.status} />
          ) : (
            <span className="h-5 w-20 animate-pulse rounded-full bg-slate-100" />
          )}
          {businessId ? <NotificationBell userId={businessId} /> : null}
          <ThemeMenu />
          <Link
            to="/settings"
            data-testid="avatar-link"
            className="flex min-w-0 items-center gap-2.5 rounded-full p-0.5 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 md:pr-3"
          >
            <Avatar
              firstName={user?.firstName}
              lastName={user?.lastName}
              imageUrl={user?.profilePictureUrl}
            />
            {fullName ? (
              <span
                className="sr-only text-sm font-medium text-slate-800 md:not-sr-only md:max-w-48 md:truncate"
                title={fullName}
                data-testid="user-full-name"
              >
                {fullName}
              </span>
            ) : null}
            <span className="sr-only">(profile settings)</span>
          </Link>
        </div>
      </div>
    </header>
  );
}
