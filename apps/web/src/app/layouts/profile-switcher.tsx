import { TEAM_ROLE_LABELS } from '@bizdash/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronsUpDown, LayoutGrid } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LogoMark } from '@/components/ui/logo';
import { useApps } from '@/features/apps/api/get-apps';
import { actFor, actForBusiness, useActingApp, useActingBusiness } from '@/lib/acting-profile';
import { useMemberships } from '@/lib/api/memberships';
import { useUser } from '@/lib/api/user';
import { useUserId } from '@/lib/credentials';

const MERCHANT = 'merchant';
const BUSINESS = 'business:';
const itemClasses =
  'flex cursor-default items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-slate-100';

/**
 * The logo button: the profile the dashboard acts for (the merchant, one of its apps, or a business the person is a
 * member of), and the switch between them. Choosing an app or a business makes every business call act for it
 * (lib/acting-profile).
 */
export function ProfileSwitcher() {
  const { data: user } = useUser();
  const personId = useUserId();
  const [open, setOpen] = useState(false);
  const acting = useActingApp();
  const business = useActingBusiness();
  const apps = useApps({ errorToast: false, enabled: open || acting !== null });
  const memberships = useMemberships();
  const businesses = (memberships.data ?? []).filter((membership) => membership.businessId !== personId);
  const navigate = useNavigate();
  const businessName = user?.businessName ?? '';
  const current = acting?.name ?? business?.businessName ?? businessName;
  const value = acting?.appId ?? (business ? `${BUSINESS}${business.businessId}` : MERCHANT);

  const choose = (chosen: string) => {
    if (chosen === MERCHANT) {
      actFor(null);
      return actForBusiness(null);
    }
    if (chosen.startsWith(BUSINESS)) {
      const membership = businesses.find((candidate) => `${BUSINESS}${candidate.businessId}` === chosen);
      return membership ? actForBusiness(membership) : undefined;
    }
    const app = apps.data?.find((candidate) => candidate.recordId === chosen);
    if (app) actFor({ appId: app.recordId, name: app.businessName });
  };

  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger
        aria-label={`Switch profile (now ${current || 'your business'})`}
        className="flex w-full items-center gap-3 rounded-lg p-2 text-left transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-sky-300 data-[state=open]:bg-white/10"
      >
        <LogoMark className="size-9" />
        <span className="min-w-0 flex-1">
          <span className="block text-base font-bold tracking-tight text-white">Bizdash</span>
          <span className="block truncate text-xs text-slate-300" data-testid="current-profile">
            {acting ? <span className="font-semibold text-sky-300">App · </span> : null}
            {!acting && business ? (
              <span className="font-semibold text-sky-300">{TEAM_ROLE_LABELS[business.role]} · </span>
            ) : null}
            {current || '\u00a0'}
          </span>
        </span>
        <ChevronsUpDown className="size-4 shrink-0 text-slate-300" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="z-[60] max-h-[70dvh] w-[var(--radix-dropdown-menu-trigger-width)] min-w-56 overflow-y-auto rounded-xl bg-white p-1.5 text-slate-900 shadow-xl ring-1 ring-slate-900/10"
        >
          <DropdownMenu.RadioGroup value={value} onValueChange={choose}>
            <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-medium text-slate-600">
              Profiles
            </DropdownMenu.Label>
            <DropdownMenu.RadioItem value={MERCHANT} className={itemClasses}>
              <span className="flex-1 truncate">{businessName || 'Your business'}</span>
              <DropdownMenu.ItemIndicator>
                <Check className="size-4 text-brand-700" aria-hidden="true" />
              </DropdownMenu.ItemIndicator>
            </DropdownMenu.RadioItem>
            {businesses.length > 0 ? (
              <>
                <DropdownMenu.Separator className="my-1.5 h-px bg-slate-100" />
                <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-medium text-slate-600">
                  Businesses you belong to
                </DropdownMenu.Label>
                {businesses.map((membership) => (
                  <DropdownMenu.RadioItem
                    key={membership.businessId}
                    value={`${BUSINESS}${membership.businessId}`}
                    className={itemClasses}
                  >
                    <span className="flex-1 truncate">{membership.businessName}</span>
                    <span className="text-xs text-slate-500">{TEAM_ROLE_LABELS[membership.role]}</span>
                    <DropdownMenu.ItemIndicator>
                      <Check className="size-4 text-brand-700" aria-hidden="true" />
                    </DropdownMenu.ItemIndicator>
                  </DropdownMenu.RadioItem>
                ))}
              </>
            ) : null}
            {apps.data && apps.data.length > 0 ? (
              <>
                <DropdownMenu.Separator className="my-1.5 h-px bg-slate-100" />
                <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-medium text-slate-600">
                  Apps
                </DropdownMenu.Label>
                {apps.data.map((app) => (
                  <DropdownMenu.RadioItem key={app.recordId} value={app.recordId} className={itemClasses}>
                    <span className="flex-1 truncate">{app.businessName}</span>
                    {/* Listed only while it holds money, so the merchant can switch to it and move that out. */}
                    {app.archivedAt ? <span className="text-xs text-slate-500">Archived</span> : null}
                    <DropdownMenu.ItemIndicator>
                      <Check className="size-4 text-brand-700" aria-hidden="true" />
                    </DropdownMenu.ItemIndicator>
                  </DropdownMenu.RadioItem>
                ))}
              </>
            ) : null}
            {apps.isPending && open ? (
              <p className="px-2.5 py-2 text-sm text-slate-500">Loading apps…</p>
            ) : null}
            {apps.isError ? <p className="px-2.5 py-2 text-sm text-red-700">Unable to fetch apps</p> : null}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1.5 h-px bg-slate-100" />
          <DropdownMenu.Item className={itemClasses} onSelect={() => void navigate('/settings/apps')}>
            <LayoutGrid className="size-4 text-slate-500" aria-hidden="true" />
            <span className="flex-1">Manage apps</span>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
