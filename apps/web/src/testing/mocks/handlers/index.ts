import { authHandlers } from './auth';
import { checkoutHandlers } from './checkout';
import { healthHandlers } from './health';
import { liveHandlers } from './live';
import { productsHandlers } from './products';
import { transactionsHandlers } from './transactions';
import { usersHandlers } from './users';

export const handlers = [
  ...healthHandlers,
  ...authHandlers,
  ...usersHandlers,
  ...transactionsHandlers,
  ...productsHandlers,
  ...checkoutHandlers,
  ...liveHandlers,
];
