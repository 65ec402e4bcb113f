import '@testing-library/jest-dom/vitest';
import './jsdom-fetch-files';
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { registerNavigator } from '@/lib/navigation';
import { queryClient } from '@/lib/query-client';
import { resetDb } from './mocks/db';
import { closeLiveStreams } from './mocks/handlers/live';
import { server } from './mocks/server';

// jsdom has no matchMedia; react-hot-toast asks it about reduced motion.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// A lazily loaded route's first render imports its code; on a CI machine busy with the API suites beside this one
// that has taken over 5 seconds. Still well inside the 15 s test timeout.
configure({ asyncUtilTimeout: 10_000 });

// jsdom does not scroll; React Router's ScrollRestoration calls it on every navigation.
window.scrollTo = () => {};

// A request no handler answers fails the test: the mocked API must say everything the app asks of it.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

beforeEach(() => {
  // Tests assert on one attempt; the production retry policy has its own unit test.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  server.events.removeAllListeners();
  closeLiveStreams();
  resetDb();
  toast.remove();
  queryClient.clear();
  registerNavigator(null);
  window.localStorage.clear();
  window.sessionStorage.clear();
});
