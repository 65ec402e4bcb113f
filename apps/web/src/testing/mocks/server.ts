import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The API as the web tests see it; a test needing a special answer adds one with `server.use(...)`. */
export const server = setupServer(...handlers);
