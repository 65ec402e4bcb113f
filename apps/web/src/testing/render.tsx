import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '@/app/router';
import { registerNavigator } from '@/lib/navigation';
import { queryClient } from '@/lib/query-client';

/** Renders a component with the app's query client (no router). */
export function renderWithQueryClient(ui: ReactElement) {
  return render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

/** Renders the whole app (real route table; the root route brings the providers) at a path. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  registerNavigator((to) => void router.navigate(to, { replace: true }));
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}
