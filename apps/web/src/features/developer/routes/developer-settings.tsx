import { useActingUserId } from '@/lib/acting-profile';
import { DeveloperSettings } from '../components/developer-settings';

/**
 * /settings/developer-settings: the API key, webhook and deliveries of whom the dashboard acts for (the merchant,
 * or the app chosen in the profile switcher, as its page under Apps shows them too).
 */
export function Component() {
  const userId = useActingUserId();
  return userId ? <DeveloperSettings userId={userId} /> : null;
}
