import { type Permission, roleCan } from '@bizdash/shared';
import { Outlet } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { TabNav, type TabNavItem } from '@/components/ui/tab-nav';
import { useActingRole } from '@/lib/permissions';

interface SettingsTab extends TabNavItem {
  /** What the acting role must hold to see the tab (docs/permissions.md); none: everyone (their own pages). */
  permission?: Permission;
}

/** SPEC section 2: seven tabs; Notifications has a route but no tab. Issue 23 adds Team (everyone) and Activity for owners and admins. */
export const SETTINGS_TABS: SettingsTab[] = [
  { label: 'User Profile', to: '/settings', end: true },
  { label: 'Company Details', to: '/settings/company-details' },
  { label: 'Settlement Account', to: '/settings/settlement-account', permission: 'money.read' },
  { label: 'Documents', to: '/settings/documents', permission: 'settings.manage' },
  { label: 'Security', to: '/settings/security' },
  { label: 'Apps', to: '/settings/apps', permission: 'developers.manage' },
  { label: 'Developer Settings', to: '/settings/developer-settings', permission: 'developers.manage' },
  { label: 'Team', to: '/settings/team' },
  { label: 'Activity', to: '/settings/activity', permission: 'audit.read' },
];

export function Component() {
  const role = useActingRole();
  // A tab the acting role cannot use is not offered at all (issue 23 §2).
  const tabs = SETTINGS_TABS.filter((tab) => !tab.permission || roleCan(role, tab.permission));
  return (
    <>
      <PageHeader title="Settings" description="Manage your profile, business and integrations." />
      <TabNav label="Settings sections" items={tabs} className="mb-6" />
      <Outlet />
    </>
  );
}
