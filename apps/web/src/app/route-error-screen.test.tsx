import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorScreen } from './route-error-screen';

function Broken(): never {
  throw new Error('The chart could not be drawn');
}

describe('RouteErrorScreen', () => {
  it('titles a crashed page "Unexpected Application Error!" and offers a way out', async () => {
    // React reports the caught render error on the console; that noise is the point of this test.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', Component: Broken, ErrorBoundary: RouteErrorScreen }]);
    render(<RouterProvider router={router} />);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    expect(screen.getByText('The chart could not be drawn')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/');
  });
});
