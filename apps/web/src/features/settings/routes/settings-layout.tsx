import { Outlet } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { TabNav, type TabNavItem } from '@/components/ui/tab-nav';

/** SPEC section 2: seven tabs; Notifications has a route but no tab. */
export const SETTINGS_TABS: TabNavItem[] = [
  { label: 'User Profile', to: '/settings', end: true },
  { label: 'Company Details', to: '/settings/company-details' },
  { label: 'Settlement Account', to: '/settings/settlement-account' },
  { label: 'Documents', to: '/settings/documents' },
  { label: 'Security', to: '/settings/security' },
  { label: 'Apps', to: '/settings/apps' },
  { label: 'Developer Settings', to: '/settings/developer-settings' },
];

export function Component() {
  return (
    <>
      <PageHeader title="Settings" description="Manage your profile, business and integrations." />
      <TabNav label="Settings sections" items={SETTINGS_TABS} className="mb-6" />
      <Outlet />
    </>
  );
}
