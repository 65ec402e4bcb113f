import { appsHandlers } from './apps';
import { authHandlers } from './auth';
import { checkoutHandlers } from './checkout';
import { documentsHandlers } from './documents';
import { healthHandlers } from './health';
import { kycHandlers } from './kyc';
import { liveHandlers } from './live';
import { notificationsHandlers } from './notifications';
import { productsHandlers } from './products';
import { profileHandlers } from './profile';
import { securityHandlers } from './security';
import { transactionsHandlers } from './transactions';
import { twoFactorHandlers } from './two-factor';
import { usersHandlers } from './users';

export const handlers = [
  ...healthHandlers,
  ...authHandlers,
  // Before users and transactions: an app's user, wallets and search, anything else falls through to them.
  ...appsHandlers,
  ...usersHandlers,
  ...securityHandlers,
  ...twoFactorHandlers,
  ...profileHandlers,
  ...transactionsHandlers,
  ...productsHandlers,
  ...checkoutHandlers,
  ...liveHandlers,
  ...kycHandlers,
  ...documentsHandlers,
  ...notificationsHandlers,
];
