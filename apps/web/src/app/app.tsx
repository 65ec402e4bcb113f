import { RouterProvider } from 'react-router';
import { createAppRouter } from './router';

export const router = createAppRouter();

/** The providers come with the root route (root-layout.tsx), so the entry chunk has no react-query. */
export function App() {
  return <RouterProvider router={router} />;
}
