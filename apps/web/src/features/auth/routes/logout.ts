import { replace } from 'react-router';
import { config } from '@/lib/config';
import { logout } from '../api/logout';

export async function loader() {
  await logout();
  return replace(config.signInUrl);
}
