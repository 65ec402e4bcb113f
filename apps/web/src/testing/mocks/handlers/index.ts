import { appsHandlers } from './apps';
import { auditHandlers } from './audit';
import { authHandlers } from './auth';
import { banksHandlers } from './banks';
import { checkoutHandlers } from './checkout';
import { customersHandlers } from './customers';
import { developerHandlers } from './developer';
import { disputesHandlers } from './disputes';
import { documentsHandlers } from './documents';
import { fxHandlers } from './fx';
import { healthHandlers } from './health';
import { kycHandlers } from './kyc';
import { liveHandlers } from './live';
import { notificationsHandlers } from './notifications';
import { payoutsHandlers } from './payouts';
import { productsHandlers } from './products';
import { profileHandlers } from './profile';
import { refundsHandlers } from './refunds';
import { securityHandlers } from './security';
import { statementsHandlers } from './statements';
import { teamHandlers } from './team';
import { transactionsHandlers } from './transactions';
import { twoFactorHandlers } from './two-factor';
import { usersHandlers } from './users';

/** Every endpoint of the mocked API, over the one mock db; a test changes what they answer through db. */
export const handlers = [
  ...healthHandlers,
  ...authHandlers,
  // Before users and transactions: an app's user, wallets and search, anything else falls through to them.
  ...appsHandlers,
  // Before profile's PUT /api/users/{id}, which would take "update-api-details" for an id.
  ...developerHandlers,
  ...usersHandlers,
  ...securityHandlers,
  ...twoFactorHandlers,
  ...profileHandlers,
  ...transactionsHandlers,
  ...statementsHandlers,
  ...fxHandlers,
  ...productsHandlers,
  ...checkoutHandlers,
  ...liveHandlers,
  ...kycHandlers,
  ...documentsHandlers,
  ...notificationsHandlers,
  ...banksHandlers,
  ...payoutsHandlers,
  ...refundsHandlers,
  ...customersHandlers,
  ...disputesHandlers,
  ...teamHandlers,
  ...auditHandlers,
];
