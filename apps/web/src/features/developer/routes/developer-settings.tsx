import { useUserId } from '@/lib/credentials';
import { DeveloperSettings } from '../components/developer-settings';

/** /settings/developer-settings: the signed-in merchant's API key, webhook and deliveries. */
export function Component() {
  const userId = useUserId();
  return userId ? <DeveloperSettings userId={userId} /> : null;
}
