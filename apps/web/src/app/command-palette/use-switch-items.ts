import { TEAM_ROLE_LABELS } from '@bizdash/shared';
import { ArrowRightLeft } from 'lucide-react';
import { useApps } from '@/features/apps/api/get-apps';
import { actFor, actForBusiness, useActingApp, useActingBusiness } from '@/lib/acting-profile';
import { useMemberships } from '@/lib/api/memberships';
import { useUser } from '@/lib/api/user';
import { useUserId } from '@/lib/credentials';
import type { PaletteItem } from './palette-items';

const switchItem = (id: string, name: string, hint: string, run: () => void): PaletteItem => ({
  id: `switch:${id}`,
  kind: 'action',
  label: `Switch to ${name}`,
  hint,
  keywords: 'profile act for',
  icon: ArrowRightLeft,
  command: { type: 'switch', run },
});

/**
 * "Switch to …" for every profile the profile switcher offers but the one acted for: the person's own account, the
 * businesses they are a member of, and their own account's apps (lib/acting-profile does the switching).
 */
export function useSwitchItems(): PaletteItem[] {
  const personId = useUserId();
  const { data: user } = useUser();
  const actingApp = useActingApp();
  const actingBusiness = useActingBusiness();
  const apps = useApps({ errorToast: false });
  const memberships = useMemberships();

  const items: PaletteItem[] = [];
  if ((actingApp || actingBusiness) && personId) {
    const ownName = user?.businessName || 'your business';
    items.push(
      switchItem(personId, ownName, 'Your business', () => {
        actFor(null);
        actForBusiness(null);
      }),
    );
  }
  for (const membership of memberships.data ?? []) {
    if (membership.businessId === personId) continue;
    if (!actingApp && actingBusiness?.businessId === membership.businessId) continue;
    items.push(
      switchItem(membership.businessId, membership.businessName, TEAM_ROLE_LABELS[membership.role], () =>
        actForBusiness(membership),
      ),
    );
  }
  for (const app of apps.data ?? []) {
    if (actingApp?.appId === app.recordId) continue;
    items.push(
      switchItem(app.recordId, app.businessName, 'App', () =>
        actFor({ appId: app.recordId, name: app.businessName }),
      ),
    );
  }
  return items;
}
