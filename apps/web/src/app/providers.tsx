import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { queryClient } from '@/lib/query-client';

// Toasts are never part of the first paint: the toaster (react-hot-toast and its styles) loads beside the page.
const AppToaster = lazy(() => import('./toaster').then(({ AppToaster }) => ({ default: AppToaster })));

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </QueryClientProvider>
  );
}
